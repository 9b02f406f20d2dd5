import { describe, expect, it } from 'vitest';
import { findModel } from '../../src/models/catalogue';
import type { ModelDescriptor } from '../../src/models/model-descriptor';
import { estimateTokens } from '../../src/models/tokens';
import type { ChatMessageInput } from '../../src/providers/chat-request';
import { newContextBoundary } from '../../src/chat/chat-messages';
import { messagesAfterBoundary, selectContext, tokenBudget } from '../../src/chat/context-window';
import { message, testDeps } from '../../src/chat/test-chats';

const gpt4 = findModel('gpt-4') as ModelDescriptor;
const tiny: ModelDescriptor = { ...gpt4, id: 'tiny', contextLength: 100 };

function user(text: string): ChatMessageInput {
  return { role: 'user', content: text };
}

describe('context boundary and filtering', () => {
  it('CX1 messages before the last boundary are not sent, markers never', () => {
    const deps = testDeps();
    const messages = [
      message('user', 'old question', deps),
      message('assistant', 'old answer', deps),
      newContextBoundary(deps),
      message('user', 'middle', deps),
      newContextBoundary(deps),
      message('user', 'new question', deps),
    ];
    expect(messagesAfterBoundary(messages).map((m) => m.content)).toEqual(['new question']);
  });

  it('CX2 system messages and failed answers without text are left out; partial answers stay', () => {
    const deps = testDeps();
    const messages = [
      message('system', 'legacy system', deps),
      message('user', 'q1', deps),
      message('assistant', '', deps, { error: { code: 'rate_limited', message: 'slow down' } }),
      message('user', 'q2', deps),
      message('assistant', 'half an ans', deps, { error: { code: 'stream_interrupted', message: '' } }),
      message('assistant', 'stopped part', deps, { finish: 'stopped' }),
    ];
    expect(messagesAfterBoundary(messages).map((m) => m.content)).toEqual([
      'q1',
      'q2',
      'half an ans',
      'stopped part',
    ]);
  });
});

describe('deleted messages', () => {
  it('CX1 CX2 a deleted message is not sent, and a deleted marker is no boundary', () => {
    const deps = testDeps();
    const deletedAt = '2024-05-03T13:00:00.000Z';
    const messages = [
      message('user', 'before', deps),
      { ...newContextBoundary(deps), deletedAt },
      message('user', null, deps, { deletedAt }),
      message('user', 'after', deps),
    ];
    expect(messagesAfterBoundary(messages).map((m) => m.content)).toEqual(['before', 'after']);
  });
});

describe('token budget', () => {
  it('CX4 context length minus max tokens', () => {
    expect(tokenBudget(gpt4, 1000)).toBe(8192 - 1000);
  });

  it('CX4 unset max tokens reserves min(4096, a quarter of the window)', () => {
    expect(tokenBudget(gpt4, undefined)).toBe(8192 - 2048);
    expect(tokenBudget(findModel('gpt-4-turbo') as ModelDescriptor, undefined)).toBe(128000 - 4096);
  });

  it('CX4 the reserve is capped by the model max tokens cap', () => {
    const vision = findModel('gpt-4-vision-preview') as ModelDescriptor;
    expect(tokenBudget(vision, 5000)).toBe(128000 - 1000);
    expect(tokenBudget(vision, undefined)).toBe(128000 - 1000);
  });
});

describe('selectContext', () => {
  it('CX3 the context limit keeps only the last N messages', () => {
    const conversation = [user('one'), user('two'), user('three')];
    const result = selectContext(conversation, {
      systemText: 's',
      model: gpt4,
      maxTokens: 100,
      contextLimit: 2,
    });
    expect(result.kind).toBe('fits');
    if (result.kind !== 'fits') return;
    expect(result.messages.map((m) => m.content)).toEqual(['two', 'three']);
    expect(result.dropped).toBe(1);
  });

  it('CX3 a limit below one still sends the last message', () => {
    const result = selectContext([user('a'), user('b')], {
      systemText: '',
      model: gpt4,
      maxTokens: 1,
      contextLimit: 0,
    });
    expect(result.kind === 'fits' && result.messages.map((m) => m.content)).toEqual(['b']);
  });

  it('CX5 CX6 drops whole messages from the oldest until the estimate fits, keeping the last', () => {
    const forty = 'x'.repeat(160); // 40 tokens each
    const conversation = [user(forty), user(forty), user(forty)];
    // budget = 100 - 10 = 90; system 'sys' = 2 tokens; 2 + 3*40 = 122 > 90 → drop one → 82
    const result = selectContext(conversation, {
      systemText: 'sys',
      model: tiny,
      maxTokens: 10,
      contextLimit: undefined,
    });
    expect(result).toMatchObject({ kind: 'fits', dropped: 1, estimatedTokens: 82, budget: 90 });
  });

  it('CX5 the estimate is TK1 of the system text plus TK2 of the messages', () => {
    const result = selectContext([user('hello world')], {
      systemText: 'You are a helpful AI assistant.',
      model: gpt4,
      maxTokens: 100,
      contextLimit: undefined,
    });
    expect(result.kind === 'fits' && result.estimatedTokens).toBe(
      estimateTokens('You are a helpful AI assistant.') + estimateTokens('hello world'),
    );
  });

  it('CX7 cannot fit when the system message and the last message alone exceed the budget', () => {
    const result = selectContext([user('short'), user('y'.repeat(400))], {
      systemText: 'sys',
      model: tiny,
      maxTokens: 10,
      contextLimit: undefined,
    });
    expect(result).toEqual({ kind: 'cannot-fit', estimatedTokens: 102, budget: 90 });
  });
});
