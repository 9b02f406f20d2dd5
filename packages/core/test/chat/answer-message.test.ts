import { describe, expect, it } from 'vitest';
import { findModel } from '../../src/models/catalogue';
import { costOfUsage } from '../../src/models/cost';
import type { ModelDescriptor } from '../../src/models/model-descriptor';
import { estimateTokens } from '../../src/models/tokens';
import { collectChat } from '../../src/providers/chat-assembly';
import { ProviderError } from '../../src/providers/errors';
import {
  answerMessage,
  answerUsage,
  answerUsageRecord,
  INTERRUPTED_FINISH,
  partialAnswerMessage,
  STOPPED_FINISH,
  toMessageUsage,
  usageCost,
} from '../../src/chat/answer-message';
import { canContinueAnswer } from '../../src/chat/continue-request';
import { testDeps } from '../../src/chat/test-chats';

const gpt4 = findModel('gpt-4') as ModelDescriptor;
const gpt4oMini = findModel('gpt-4o-mini') as ModelDescriptor;

describe('answer message', () => {
  it('AN5 RQ4 a part-way save is marked interrupted, and such an answer (or one cut at length) can be continued', async () => {
    const assembly = await collectChat([{ type: 'text-delta', text: 'Once upon' }]);
    const partial = partialAnswerMessage(
      { assembly, messageId: 'msg-p', model: gpt4, estimatedPromptTokens: 5 },
      testDeps(),
    );
    expect(partial).toMatchObject({ content: 'Once upon', finish: INTERRUPTED_FINISH, error: null });
    expect(canContinueAnswer(partial)).toBe(true);
    expect(canContinueAnswer({ ...partial, finish: 'length' })).toBe(true);
    expect(canContinueAnswer({ ...partial, finish: 'stop' })).toBe(false);
    expect(canContinueAnswer({ ...partial, finish: STOPPED_FINISH })).toBe(false);
    expect(canContinueAnswer({ ...partial, error: { code: 'x', message: 'y' } })).toBe(false);
    expect(canContinueAnswer({ ...partial, deletedAt: '2024-01-01T00:00:00.000Z' })).toBe(false);
    expect(canContinueAnswer({ ...partial, role: 'user' })).toBe(false);
  });

  it('AN1 AN2 a finished answer keeps text, model, finish and the provider usage', async () => {
    const assembly = await collectChat([
      { type: 'text-delta', text: 'Hello ' },
      { type: 'text-delta', text: 'there' },
      { type: 'usage', promptTokens: 12, completionTokens: 2, totalTokens: 14 },
      { type: 'finish', reason: 'stop' },
    ]);
    const message = answerMessage(
      { assembly, messageId: 'msg-a', model: gpt4, estimatedPromptTokens: 99 },
      testDeps(),
    );
    expect(message).toMatchObject({
      id: 'msg-a',
      role: 'assistant',
      content: 'Hello there',
      model: 'gpt-4',
      finish: 'stop',
      error: null,
      usage: { prompt_tokens: 12, completion_tokens: 2, total_tokens: 14 },
    });
  });

  it('AN4 the streamed reasoning is kept on the answer; an answer without any has no field', async () => {
    const withReasoning = await collectChat([
      { type: 'reasoning-delta', text: 'First, the user asks ' },
      { type: 'reasoning-delta', text: 'about tides.' },
      { type: 'text-delta', text: 'The moon.' },
      { type: 'finish', reason: 'stop' },
    ]);
    const message = answerMessage(
      { assembly: withReasoning, messageId: 'm', model: gpt4, estimatedPromptTokens: 1 },
      testDeps(),
    );
    expect(message).toMatchObject({ content: 'The moon.', reasoning: 'First, the user asks about tides.' });
    const plain = answerMessage(
      {
        assembly: await collectChat([
          { type: 'text-delta', text: 'Hi' },
          { type: 'finish', reason: 'stop' },
        ]),
        messageId: 'm2',
        model: gpt4,
        estimatedPromptTokens: 1,
      },
      testDeps(),
    );
    expect(plain).not.toHaveProperty('reasoning');
  });

  it('AN2 AN4 an answer stopped while the model was still thinking keeps its reasoning and the estimate', async () => {
    const assembly = await collectChat([
      { type: 'reasoning-delta', text: 'Let me think about tides and the moon' },
      {
        type: 'error',
        error: new ProviderError({ code: 'aborted', provider: 'openai', providerMessage: 'aborted' }),
      },
    ]);
    const message = answerMessage(
      { assembly, messageId: 'm', model: gpt4, estimatedPromptTokens: 10 },
      testDeps(),
    );
    const completion = estimateTokens('Let me think about tides and the moon');
    expect(message).toMatchObject({
      content: '',
      reasoning: 'Let me think about tides and the moon',
      finish: STOPPED_FINISH,
      usage: { prompt_tokens: 10, completion_tokens: completion, total_tokens: 10 + completion },
    });
  });

  it('AN2 without provider usage the estimate is used', async () => {
    const assembly = await collectChat([
      { type: 'text-delta', text: 'one two three' },
      { type: 'finish', reason: 'stop' },
    ]);
    const completion = estimateTokens('one two three');
    expect(answerUsage(assembly, 40)).toEqual({
      promptTokens: 40,
      completionTokens: completion,
      totalTokens: 40 + completion,
    });
  });

  it('AN1 a stopped answer keeps its partial text with finish "stopped" and no error', async () => {
    const assembly = await collectChat([
      { type: 'text-delta', text: 'Partial' },
      {
        type: 'error',
        error: new ProviderError({ code: 'aborted', provider: 'openai', providerMessage: 'aborted' }),
      },
    ]);
    const message = answerMessage(
      { assembly, messageId: 'm', model: gpt4, estimatedPromptTokens: 1 },
      testDeps(),
    );
    expect(message).toMatchObject({ content: 'Partial', finish: STOPPED_FINISH, error: null });
  });

  it('AN1 a failed answer keeps its partial text and the error code and message', async () => {
    const assembly = await collectChat([
      { type: 'text-delta', text: 'Half' },
      {
        type: 'error',
        error: new ProviderError({
          code: 'stream_interrupted',
          provider: 'anthropic',
          providerMessage: 'Overloaded',
        }),
      },
    ]);
    const message = answerMessage(
      { assembly, messageId: 'm', model: gpt4, estimatedPromptTokens: 1 },
      testDeps(),
    );
    expect(message).toMatchObject({
      content: 'Half',
      error: { code: 'stream_interrupted', message: 'Overloaded' },
    });
  });

  it('AN2 an answer refused before any output has no usage', async () => {
    const assembly = await collectChat([
      {
        type: 'error',
        error: new ProviderError({
          code: 'rate_limited',
          provider: 'openai',
          status: 429,
          providerMessage: 'slow down',
        }),
      },
    ]);
    const message = answerMessage(
      { assembly, messageId: 'm', model: gpt4, estimatedPromptTokens: 500 },
      testDeps(),
    );
    expect(message).toMatchObject({
      content: '',
      usage: null,
      error: { code: 'rate_limited', message: 'slow down' },
    });
  });

  it('AN3 cost from the model prices; a provider-reported cost wins', () => {
    const usage = { promptTokens: 1000, completionTokens: 1000, totalTokens: 2000 };
    expect(usageCost({ model: gpt4, usage, customModels: [] })).toBeCloseTo(0.03 + 0.06);
    expect(usageCost({ model: gpt4, usage: { ...usage, costUSD: 0.5 }, customModels: [] })).toBe(0.5);
  });

  it('AN3 a custom model is priced from its own descriptor', () => {
    const custom: ModelDescriptor = {
      ...gpt4,
      id: 'mine',
      provider: 'custom',
      source: 'custom',
      pricing: { prompt: 1, completion: 2 },
    };
    expect(
      usageCost({
        model: custom,
        usage: { promptTokens: 1000, completionTokens: 500, totalTokens: 1500 },
        customModels: [],
      }),
    ).toBe(2);
  });

  it('AN3 the usage record splits the answer from the title and keyword calls', () => {
    const record = answerUsageRecord({
      chatID: 'ch-1',
      model: gpt4,
      answer: { promptTokens: 1000, completionTokens: 1000, totalTokens: 2000 },
      enhancements: [
        { model: gpt4oMini, usage: { promptTokens: 1000, completionTokens: 0, totalTokens: 1000 } },
      ],
      customModels: [],
    });
    expect(record).toMatchObject({
      chatID: 'ch-1',
      model: 'gpt-4',
      messageTokens: 2000,
      enhancedTokens: 1000,
      totalTokens: 3000,
    });
    expect(record.messageCostUSD).toBeCloseTo(0.09);
    expect(record.enhancedCostUSD).toBeCloseTo(0.00015);
    expect(record.totalCostUSD).toBeCloseTo(0.09015);
  });

  it('AN3 a record of enhancements only has no message tokens', () => {
    const record = answerUsageRecord({
      chatID: 'ch-1',
      model: gpt4,
      answer: null,
      enhancements: [{ model: gpt4oMini, usage: { promptTokens: 10, completionTokens: 5, totalTokens: 15 } }],
      customModels: [],
    });
    expect(record).toMatchObject({
      messageTokens: 0,
      messageCostUSD: 0,
      enhancedTokens: 15,
      totalTokens: 15,
    });
  });

  it('AN3 TK4 an answer whose provider reported its cost shows the same cost in the chat as in Usage', () => {
    const openRouterModel = findModel('openai/gpt-4o-mini') as ModelDescriptor;
    // OpenRouter's own figure, far below what the catalogue's prices would give for these tokens.
    const usage = { promptTokens: 40, completionTokens: 12, totalTokens: 52, costUSD: 0.0000132 };
    const stored = toMessageUsage(usage);
    expect(stored.cost).toBe(0.0000132);
    const shownInChat = costOfUsage(openRouterModel.id, {
      promptTokens: stored.prompt_tokens,
      completionTokens: stored.completion_tokens,
      costUSD: stored.cost,
    });
    const record = answerUsageRecord({
      chatID: 'ch-1',
      model: openRouterModel,
      answer: usage,
      enhancements: [],
      customModels: [],
    });
    expect(shownInChat).toBe(record.messageCostUSD);
    expect(toMessageUsage({ promptTokens: 1, completionTokens: 1, totalTokens: 2 })).not.toHaveProperty(
      'cost',
    );
  });
});
