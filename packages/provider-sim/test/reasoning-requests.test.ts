import { describe, expect, it } from 'vitest';
import { anthropicMessages, openaiChat, useSim } from './helpers';

/** Each provider's reasoning fields are accepted in their real shape and refused, in its words, in any other. */

const sim = useSim();

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const HI = '[[sim:reply ok]]';

/** The status and the provider's error message (the whole body when it has none). */
async function status(response: Response): Promise<[number, string]> {
  const text = await response.text();
  try {
    const body = JSON.parse(text) as Json;
    const message = body.error?.message;
    return [response.status, typeof message === 'string' ? message : text];
  } catch {
    return [response.status, text];
  }
}

function gemini(model: string, body: Json) {
  return fetch(`${sim().url}/v1beta/models/${model}:generateContent`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-goog-api-key': 'AIza-test' },
    body: JSON.stringify({ contents: [{ role: 'user', parts: [{ text: HI }] }], ...body }),
  });
}

describe('OpenAI reasoning fields', () => {
  it('accepts reasoning_effort and verbosity with max_completion_tokens', async () => {
    const [code] = await status(
      await openaiChat(sim(), HI, {
        model: 'gpt-5.1',
        stream: false,
        reasoning_effort: 'high',
        verbosity: 'low',
        max_completion_tokens: 500,
      }),
    );
    expect(code).toBe(200);
  });

  it('refuses another provider’s fields, unknown levels, max_tokens and temperature on reasoning models', async () => {
    const refused = async (extra: Json) => status(await openaiChat(sim(), HI, { stream: false, ...extra }));
    expect(await refused({ model: 'gpt-5.1', reasoning: { effort: 'high' } })).toEqual([
      400,
      expect.stringContaining('Unrecognized request argument supplied: reasoning'),
    ]);
    expect(await refused({ model: 'o3', reasoning_effort: 'extreme' })).toEqual([
      400,
      expect.stringContaining("Invalid value: 'extreme'"),
    ]);
    expect(await refused({ model: 'gpt-5', max_tokens: 100 })).toEqual([
      400,
      expect.stringContaining("Use 'max_completion_tokens' instead"),
    ]);
    expect(await refused({ model: 'gpt-5.1', reasoning_effort: 'low', temperature: 0.2 })).toEqual([
      400,
      expect.stringContaining("'temperature' does not support 0.2"),
    ]);
    // GPT-5.1 runs at effort none unless told otherwise: temperature is fine there.
    expect((await refused({ model: 'gpt-5.1', temperature: 0.2 }))[0]).toBe(200);
    expect((await refused({ model: 'gpt-4.1', max_tokens: 100, temperature: 0.2 }))[0]).toBe(200);
  });
});

describe('OpenRouter reasoning', () => {
  const path = '/api/v1/chat/completions';
  it('accepts reasoning.effort or reasoning.max_tokens', async () => {
    for (const reasoning of [{ effort: 'high' }, { max_tokens: 2048 }]) {
      const response = await openaiChat(
        sim(),
        HI,
        { model: 'openai/gpt-5.1', stream: false, reasoning },
        { path },
      );
      expect(response.status).toBe(200);
    }
  });

  it('refuses both at once, and a reasoning that is not an object', async () => {
    const both = await openaiChat(
      sim(),
      HI,
      { model: 'anthropic/claude-sonnet-4.5', stream: false, reasoning: { effort: 'low', max_tokens: 2000 } },
      { path },
    );
    expect(await status(both)).toEqual([400, expect.stringContaining('Only one of')]);
    const flat = await openaiChat(
      sim(),
      HI,
      { model: 'openai/gpt-5.1', stream: false, reasoning: 'high' },
      { path },
    );
    expect(flat.status).toBe(400);
  });
});

describe('Anthropic thinking', () => {
  it('accepts thinking enabled with a budget of at least 1024 below max_tokens', async () => {
    const response = await anthropicMessages(sim(), HI, {
      stream: false,
      max_tokens: 9000,
      thinking: { type: 'enabled', budget_tokens: 4000 },
      top_p: 0.95,
    });
    expect(response.status).toBe(200);
  });

  it('refuses a small budget, a budget not under max_tokens, temperature, top_k and OpenAI fields', async () => {
    const refused = async (extra: Json) =>
      status(await anthropicMessages(sim(), HI, { stream: false, ...extra }));
    const thinking = (budget: number) => ({ type: 'enabled', budget_tokens: budget });
    expect(await refused({ thinking: thinking(500) })).toEqual([400, expect.stringContaining('1024')]);
    expect(await refused({ max_tokens: 4096, thinking: thinking(4096) })).toEqual([
      400,
      expect.stringContaining('`max_tokens` must be greater than `thinking.budget_tokens`'),
    ]);
    expect(await refused({ max_tokens: 9000, thinking: thinking(2000), temperature: 0.5 })).toEqual([
      400,
      expect.stringContaining('`temperature` may only be set to 1'),
    ]);
    expect(await refused({ max_tokens: 9000, thinking: thinking(2000), top_k: 5 })).toEqual([
      400,
      expect.stringContaining('`top_k` must be unset'),
    ]);
    expect(await refused({ reasoning_effort: 'high' })).toEqual([
      400,
      expect.stringContaining('reasoning_effort: Extra inputs are not permitted'),
    ]);
  });

  it('refuses thinking with a prefilled answer or tool results without their thinking block', async () => {
    const prefill = await anthropicMessages(sim(), HI, {
      stream: false,
      max_tokens: 9000,
      thinking: { type: 'enabled', budget_tokens: 2000 },
      messages: [
        { role: 'user', content: HI },
        { role: 'assistant', content: 'Sure' },
      ],
    });
    expect(await status(prefill)).toEqual([400, expect.stringContaining('must start with a thinking block')]);
  });
});

describe('Gemini thinkingConfig', () => {
  it('accepts a thinkingBudget for 2.5 models and a thinkingLevel for Gemini 3', async () => {
    expect(
      (await gemini('gemini-2.5-flash', { generationConfig: { thinkingConfig: { thinkingBudget: 0 } } }))
        .status,
    ).toBe(200);
    expect(
      (
        await gemini('gemini-3-pro-preview', {
          generationConfig: { thinkingConfig: { thinkingLevel: 'low' } },
        })
      ).status,
    ).toBe(200);
  });

  it('refuses both at once, a level for 2.5, budget 0 for Pro and thinkingConfig outside generationConfig', async () => {
    const refused = async (model: string, body: Json) => status(await gemini(model, body));
    expect(
      await refused('gemini-3-pro-preview', {
        generationConfig: { thinkingConfig: { thinkingLevel: 'low', thinkingBudget: 1000 } },
      }),
    ).toEqual([400, expect.stringContaining('only one of thinking budget and thinking level')]);
    expect(
      await refused('gemini-2.5-flash', { generationConfig: { thinkingConfig: { thinkingLevel: 'high' } } }),
    ).toEqual([400, expect.stringContaining('Thinking level is not supported')]);
    expect(
      await refused('gemini-2.5-pro', { generationConfig: { thinkingConfig: { thinkingBudget: 0 } } }),
    ).toEqual([400, expect.stringContaining('only works in thinking mode')]);
    expect(await refused('gemini-2.5-flash', { generationConfig: { thinkingBudget: 100 } })).toEqual([
      400,
      expect.stringContaining('Unknown name "thinkingBudget" at \'generation_config\''),
    ]);
    expect(await refused('gemini-2.5-flash', { thinkingConfig: { thinkingBudget: 100 } })).toEqual([
      400,
      expect.stringContaining('Unknown name "thinkingConfig"'),
    ]);
  });
});
