import { describe, expect, it } from 'vitest';
import { estimateTokens } from '../../src/models/tokens';
import { buildRequest } from '../../src/providers/build-request';
import type { Chat } from '../../src/entities/chat';
import { withChatModelSettings } from '../../src/chat/chat-model-settings';
import { planChatRequest } from '../../src/chat/chat-request-builder';
import type { ChatRequestPlan } from '../../src/chat/chat-request-builder';
import { CONTINUE_INSTRUCTION } from '../../src/chat/continue-request';
import { chatWith, message, requestSettings, testDeps } from '../../src/chat/test-chats';

const prompt = { now: new Date('2024-05-03T12:05:00.000Z'), locale: 'en-GB', timeZone: 'UTC' };
const access = { apiKey: 'sk-test', endpoint: 'http://sim.local/v1' };

/** A chat whose last answer was cut at the max-tokens limit, on `model`. */
function cutChat(model: string): Chat {
  const deps = testDeps();
  return chatWith(
    [
      message('user', 'Tell me a story', deps),
      message('assistant', 'Once upon a time', deps),
      message('user', 'A longer one', deps),
      message('assistant', 'There was a lighthouse keeper who \n', deps, { finish: 'length' }),
    ],
    deps,
    { model, systemMessage: 'Be brief.' },
  );
}

function ready(plan: ChatRequestPlan): Extract<ChatRequestPlan, { kind: 'ready' }> {
  if (plan.kind !== 'ready') throw new Error(`plan is ${plan.kind}`);
  return plan;
}

function body(plan: ChatRequestPlan): Record<string, unknown> {
  return JSON.parse(buildRequest(ready(plan).request).init.body) as Record<string, unknown>;
}

describe('Continue: the request that goes on with an answer cut at the max-tokens limit', () => {
  it('RQ4 Anthropic: the conversation ends with the cut answer as the assistant turn it continues', () => {
    const plan = planChatRequest({
      continueAnswer: true,
      chat: cutChat('claude-3-opus'),
      settings: requestSettings(),
      access,
      prompt,
    });
    expect(ready(plan).request.messages).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'Tell me a story' },
      { role: 'assistant', content: 'Once upon a time' },
      { role: 'user', content: 'A longer one' },
      { role: 'assistant', content: 'There was a lighthouse keeper who \n' },
    ]);
    const sent = body(plan);
    expect(sent.system).toBe('Be brief.');
    expect((sent.messages as { role: string; content: unknown }[]).at(-1)).toEqual({
      role: 'assistant',
      content: [{ type: 'text', text: 'There was a lighthouse keeper who' }],
    });
  });

  it('RQ4 OpenAI: the cut answer stays an assistant turn and a user turn asks to continue it', () => {
    const plan = planChatRequest({
      continueAnswer: true,
      chat: cutChat('gpt-4'),
      settings: requestSettings(),
      access,
      prompt,
    });
    const sent = body(plan).messages as { role: string; content: string }[];
    expect(sent.map((m) => [m.role, m.content])).toEqual([
      ['system', 'Be brief.'],
      ['user', 'Tell me a story'],
      ['assistant', 'Once upon a time'],
      ['user', 'A longer one'],
      ['assistant', 'There was a lighthouse keeper who \n'],
      ['user', CONTINUE_INSTRUCTION],
    ]);
    expect(CONTINUE_INSTRUCTION).toBe(
      'Continue exactly where your last message stopped, without repeating anything.',
    );
  });

  it('RQ4 Gemini is asked the same way (the cut answer as a model turn, then the user turn)', () => {
    const plan = planChatRequest({
      continueAnswer: true,
      chat: cutChat('gemini-1.5-flash'),
      settings: requestSettings(),
      access: { apiKey: 'gem-key' },
      prompt,
    });
    const contents = body(plan).contents as { role: string; parts: { text: string }[] }[];
    expect(contents.slice(-2)).toEqual([
      { role: 'model', parts: [{ text: 'There was a lighthouse keeper who \n' }] },
      { role: 'user', parts: [{ text: CONTINUE_INSTRUCTION }] },
    ]);
  });

  it('RQ4 CX3 the context limit counts the chat messages: the cut answer is kept, the instruction follows', () => {
    const chat = withChatModelSettings(cutChat('gpt-4'), { contextLimit: 1, maxTokens: 500 });
    const plan = ready(
      planChatRequest({ continueAnswer: true, chat, settings: requestSettings(), access, prompt }),
    );
    expect(plan.request.messages.slice(1).map((m) => m.content)).toEqual([
      'There was a lighthouse keeper who \n',
      CONTINUE_INSTRUCTION,
    ]);
    expect(plan.dropped).toBe(3);
    expect(plan.request.settings.maxTokens).toBe(500);
  });

  it('RQ4 CX5 CX6 the instruction counts in the estimate; over budget the older turns go, never the cut answer', () => {
    const deps = testDeps();
    const long = 'word '.repeat(2000); // about 2,660 tokens: only one fits the 4,096 left by gpt-4
    const chat = withChatModelSettings(
      chatWith(
        [
          message('user', long, deps),
          message('assistant', long, deps),
          message('user', long, deps),
          message('assistant', long, deps, { finish: 'length' }),
        ],
        deps,
        { model: 'gpt-4', systemMessage: '' },
      ),
      { maxTokens: 4096 },
    );
    const openai = ready(
      planChatRequest({ continueAnswer: true, chat, settings: requestSettings(), access, prompt }),
    );
    expect(openai.request.messages.map((m) => m.role)).toEqual(['assistant', 'user']);
    expect(openai.request.messages[0]?.content).toBe(long);
    expect(openai.estimatedPromptTokens).toBeGreaterThanOrEqual(
      estimateTokens(long) + estimateTokens(CONTINUE_INSTRUCTION),
    );
  });
  it('RQ4 only Continue asks for a continuation: a chat that merely ends with an answer is sent as it is', () => {
    const plan = ready(
      planChatRequest({ chat: cutChat('gpt-4'), settings: requestSettings(), access, prompt }),
    );
    expect(plan.request.messages.at(-1)).toMatchObject({ role: 'assistant' });
    expect(JSON.stringify(plan.request.messages)).not.toContain(CONTINUE_INSTRUCTION);
  });
});
