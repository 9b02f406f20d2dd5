import { describe, expect, it } from 'vitest';
import type { ModelDescriptor } from '../../src/models/model-descriptor';
import type { ChatMessageInput, ChatSettings } from '../../src/providers/chat-request';
import { built, catalogueModel, chatRequest, weatherTool } from './request-helpers';

/** Reasoning settings in each provider's request shape (SPEC.md PR23–PR27, RC1–RC5). */

const reasoningOff = { stream: true } satisfies ChatSettings;
const all = {
  stream: true,
  reasoningEffort: 'high',
  thinkingBudget: 8000,
  verbosity: 'low',
} satisfies ChatSettings;

function bodyOf(model: string | ModelDescriptor, settings: ChatSettings, messages?: ChatMessageInput[]) {
  return built(chatRequest(model, { settings, ...(messages ? { messages } : {}) })).body;
}

describe('OpenAI reasoning request', () => {
  it('PR23 reasoning_effort and verbosity as top-level Chat Completions fields, max_completion_tokens', () => {
    const body = bodyOf('gpt-5.1', { ...all, maxTokens: 2000 });
    expect(body).toMatchObject({ reasoning_effort: 'high', verbosity: 'low', max_completion_tokens: 2000 });
    expect(body).not.toHaveProperty('max_tokens');
    expect(body).not.toHaveProperty('reasoning');
    expect(body).not.toHaveProperty('thinking');
  });

  it('PR23 each model gets the nearest effort it accepts (RC2)', () => {
    const effort = (model: string, wanted: ChatSettings['reasoningEffort']) =>
      bodyOf(model, { stream: true, reasoningEffort: wanted }).reasoning_effort;
    expect(effort('gpt-5', 'minimal')).toBe('minimal');
    expect(effort('gpt-5', 'none')).toBe('minimal');
    expect(effort('gpt-5.1', 'minimal')).toBe('low');
    expect(effort('gpt-5.1', 'xhigh')).toBe('high');
    expect(effort('gpt-5.2', 'xhigh')).toBe('xhigh');
    expect(effort('o3', 'none')).toBe('low');
    expect(effort('o4-mini', 'medium')).toBe('medium');
  });

  it('PR23 sampling settings go only at effort none, sent or the model default; verbosity only for GPT-5', () => {
    const sampling = {
      stream: true,
      temperature: 0.3,
      topP: 0.8,
      presencePenalty: 0.5,
      frequencyPenalty: 0.5,
    };
    expect(bodyOf('gpt-5.1', { ...sampling, reasoningEffort: 'medium' })).not.toHaveProperty('temperature');
    expect(bodyOf('gpt-5.1', { ...sampling, reasoningEffort: 'medium' })).not.toHaveProperty('top_p');
    expect(bodyOf('gpt-5.1', { ...sampling, reasoningEffort: 'none' })).toMatchObject({
      temperature: 0.3,
      top_p: 0.8,
      reasoning_effort: 'none',
    });
    expect(bodyOf('gpt-5.1', sampling)).toMatchObject({ temperature: 0.3, presence_penalty: 0.5 });
    // GPT-5 and the o-series reason by default (medium): they never take sampling settings (RC6).
    expect(bodyOf('gpt-5', sampling)).not.toHaveProperty('temperature');
    expect(bodyOf('o3', sampling)).not.toHaveProperty('presence_penalty');
    expect(bodyOf('o3', { stream: true, verbosity: 'high' })).not.toHaveProperty('verbosity');
  });

  it('PR27 a model without reasoning controls gets none of them and keeps max_tokens', () => {
    const body = bodyOf('gpt-4.1', { ...all, maxTokens: 500, temperature: 0.2 });
    for (const field of ['reasoning_effort', 'verbosity', 'reasoning', 'max_completion_tokens']) {
      expect(body).not.toHaveProperty(field);
    }
    expect(body).toMatchObject({ max_tokens: 500, temperature: 0.2 });
  });

  it('PR27 unset reasoning settings send nothing, the provider default applies', () => {
    const body = bodyOf('gpt-5.1', reasoningOff);
    expect(body).not.toHaveProperty('reasoning_effort');
    expect(body).not.toHaveProperty('verbosity');
  });

  it('PR23 a custom OpenAI-compatible model that reasons gets reasoning_effort as chosen', () => {
    const local: ModelDescriptor = {
      ...catalogueModel('gpt-4o'),
      id: 'qwen',
      modelID: 'qwen3:8b',
      provider: 'custom',
      reasoningSupported: true,
    };
    expect(bodyOf(local, all)).toMatchObject({ reasoning_effort: 'high' });
    expect(bodyOf(local, all)).not.toHaveProperty('verbosity');
    expect(bodyOf({ ...local, reasoningSupported: undefined }, all)).not.toHaveProperty('reasoning_effort');
  });

  it('PR27 max tokens above the model output limit is sent as the limit (RC5)', () => {
    expect(bodyOf('gpt-4.1', { stream: true, maxTokens: 100_000 }).max_tokens).toBe(32_768);
    expect(bodyOf('gpt-5.1', { stream: true, maxTokens: 500_000 }).max_completion_tokens).toBe(128_000);
  });
});

describe('OpenRouter reasoning request', () => {
  it('PR26 reasoning: { effort } when an effort is chosen, never beside max_tokens', () => {
    const body = bodyOf('openai/gpt-5.1', all);
    expect(body.reasoning).toEqual({ effort: 'high' });
    for (const field of ['reasoning_effort', 'verbosity', 'thinking']) expect(body).not.toHaveProperty(field);
  });

  it('PR26 reasoning: { max_tokens } from the budget when no effort is chosen; 0 is effort none', () => {
    expect(bodyOf('anthropic/claude-sonnet-4.5', { stream: true, thinkingBudget: 6000 }).reasoning).toEqual({
      max_tokens: 6000,
    });
    expect(bodyOf('anthropic/claude-sonnet-4.5', { stream: true, thinkingBudget: 10 }).reasoning).toEqual({
      max_tokens: 1024,
    });
    expect(bodyOf('anthropic/claude-sonnet-4.5', { stream: true, thinkingBudget: 0 }).reasoning).toEqual({
      effort: 'none',
    });
  });

  it('PR27 OpenRouter models without reasoning get no reasoning field', () => {
    expect(bodyOf('openai/gpt-4.1-mini', all)).not.toHaveProperty('reasoning');
    expect(bodyOf('openai/gpt-5.1', reasoningOff)).not.toHaveProperty('reasoning');
  });
});

describe('Anthropic thinking request', () => {
  it('PR24 thinking: { type: enabled, budget_tokens } with max_tokens = answer room + budget', () => {
    const body = bodyOf('claude-sonnet-4-5', { stream: true, thinkingBudget: 8000, maxTokens: 2000 });
    expect(body.thinking).toEqual({ type: 'enabled', budget_tokens: 8000 });
    expect(body.max_tokens).toBe(10_000);
    // No max tokens set: the answer keeps the default 4096 beside the budget.
    expect(bodyOf('claude-sonnet-4-5', { stream: true, thinkingBudget: 8000 }).max_tokens).toBe(12_096);
  });

  it('PR24 the budget is at least 1024 and below max_tokens, within the model output limit', () => {
    const small = bodyOf('claude-haiku-4-5', { stream: true, thinkingBudget: 100 });
    expect(small.thinking).toEqual({ type: 'enabled', budget_tokens: 1024 });
    // Opus 4.1 writes at most 32,000 tokens: max_tokens stops there and the budget stays under it.
    const big = bodyOf('claude-opus-4-1', { stream: true, thinkingBudget: 40_000, maxTokens: 4000 });
    expect(big.max_tokens).toBe(32_000);
    expect(big.thinking).toEqual({ type: 'enabled', budget_tokens: 31_999 });
    expect(big.thinking).toSatisfy(
      (t: { budget_tokens: number }) =>
        t.budget_tokens >= 1024 && t.budget_tokens < (big.max_tokens as number),
    );
  });

  it('PR24 with thinking: no temperature (it runs at 1), no top_k, top_p only from 0.95', () => {
    const body = bodyOf('claude-sonnet-4-5', {
      stream: true,
      thinkingBudget: 4000,
      temperature: 0.2,
      topK: 40,
      topP: 0.5,
    });
    expect(body).not.toHaveProperty('temperature');
    expect(body).not.toHaveProperty('top_k');
    expect(body.top_p).toBe(0.95);
  });

  it('PR24 a budget of 0 (off) sends no thinking and the sampling settings as before (PR15)', () => {
    const body = bodyOf('claude-sonnet-4-5', { stream: true, thinkingBudget: 0, temperature: 1.4, topK: 5 });
    expect(body).not.toHaveProperty('thinking');
    expect(body).toMatchObject({ temperature: 1, top_k: 5, max_tokens: 4096 });
  });

  it('PR24 no thinking with a prefilled answer (Continue) or right after tool calls', () => {
    const settings: ChatSettings = { stream: true, thinkingBudget: 4000 };
    const prefill: ChatMessageInput[] = [
      { role: 'user', content: 'Write a poem' },
      { role: 'assistant', content: 'Roses are' },
    ];
    expect(bodyOf('claude-sonnet-4-5', settings, prefill)).not.toHaveProperty('thinking');
    const toolStep = built(
      chatRequest('claude-sonnet-4-5', {
        settings,
        tools: [weatherTool],
        messages: [
          { role: 'user', content: 'Weather?' },
          {
            role: 'assistant',
            content: '',
            tool_calls: [{ id: 'toolu_1', name: 'get_weather', arguments: '{}' }],
          },
          { role: 'function', name: 'get_weather', tool_call_id: 'toolu_1', content: 'Sunny' },
        ],
      }),
    ).body;
    expect(toolStep).not.toHaveProperty('thinking');
    expect(toolStep.max_tokens).toBe(4096);
  });

  it('PR27 Claude models without reasoning, and efforts or verbosity, send no thinking', () => {
    expect(bodyOf('claude-3-opus', all)).not.toHaveProperty('thinking');
    const body = bodyOf('claude-sonnet-4-5', { stream: true, reasoningEffort: 'high', verbosity: 'low' });
    for (const field of ['thinking', 'reasoning_effort', 'verbosity', 'reasoning']) {
      expect(body).not.toHaveProperty(field);
    }
  });
});

describe('Gemini thinking request', () => {
  it('PR25 Gemini 2.5: generationConfig.thinkingConfig.thinkingBudget within the model range', () => {
    const config = (model: string, budget: number) =>
      bodyOf(model, { stream: true, thinkingBudget: budget }).generationConfig;
    expect(config('gemini-2.5-flash', 8000)).toEqual({ thinkingConfig: { thinkingBudget: 8000 } });
    expect(config('gemini-2.5-flash', 0)).toEqual({ thinkingConfig: { thinkingBudget: 0 } });
    expect(config('gemini-2.5-flash', 90_000)).toEqual({ thinkingConfig: { thinkingBudget: 24_576 } });
    // 2.5 Pro cannot turn thinking off: 0 is its least budget.
    expect(config('gemini-2.5-pro', 0)).toEqual({ thinkingConfig: { thinkingBudget: 128 } });
    expect(config('gemini-2.5-flash-lite', 100)).toEqual({ thinkingConfig: { thinkingBudget: 512 } });
  });

  it('PR25 Gemini 3: thinkingLevel, the nearest level the model has, never beside a budget', () => {
    const config = (model: string) => bodyOf(model, { ...all, reasoningEffort: 'medium' }).generationConfig;
    expect(config('gemini-3-pro-preview')).toEqual({ thinkingConfig: { thinkingLevel: 'high' } });
    expect(config('gemini-3-flash-preview')).toEqual({ thinkingConfig: { thinkingLevel: 'medium' } });
    expect(
      bodyOf('gemini-3-pro-preview', { stream: true, reasoningEffort: 'minimal' }).generationConfig,
    ).toEqual({ thinkingConfig: { thinkingLevel: 'low' } });
    // A budget alone is not a Gemini 3 control: nothing is sent.
    expect(bodyOf('gemini-3-pro-preview', { stream: true, thinkingBudget: 4000 })).not.toHaveProperty(
      'generationConfig',
    );
  });

  it('PR25 thinkingConfig sits beside the other generationConfig fields, never at the top level', () => {
    const body = bodyOf('gemini-2.5-flash', {
      stream: true,
      thinkingBudget: 2048,
      temperature: 0.5,
      maxTokens: 800,
    });
    expect(body.generationConfig).toEqual({
      temperature: 0.5,
      maxOutputTokens: 800,
      thinkingConfig: { thinkingBudget: 2048 },
    });
    expect(body).not.toHaveProperty('thinkingConfig');
  });

  it('PR27 Gemini models without reasoning and unset settings send no thinkingConfig', () => {
    expect(bodyOf('gemini-1.5-pro', all)).not.toHaveProperty('generationConfig');
    expect(bodyOf('gemini-2.5-flash', reasoningOff)).not.toHaveProperty('generationConfig');
    expect(bodyOf('gemini-2.5-flash', { stream: true, maxTokens: 200_000 }).generationConfig).toEqual({
      maxOutputTokens: 65_536,
    });
  });
});
