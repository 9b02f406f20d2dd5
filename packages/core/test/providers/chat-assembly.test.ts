import { describe, expect, it } from 'vitest';
import { applyChatEvent, collectChat, emptyChatAssembly } from '../../src/providers/chat-assembly';
import type { ChatEvent } from '../../src/providers/chat-event';
import { ProviderError } from '../../src/providers/errors';

describe('chat assembly', () => {
  it('API8 folds text, reasoning, tool calls, usage and finish', async () => {
    const events: ChatEvent[] = [
      { type: 'reasoning-delta', text: 'Think' },
      { type: 'reasoning-delta', text: '', signature: 'S1' },
      { type: 'text-delta', text: 'Hel' },
      { type: 'text-delta', text: 'lo' },
      { type: 'tool-call-start', index: 1, id: 'c', name: 'f' },
      { type: 'tool-call-delta', index: 1, argumentsDelta: '{"a":' },
      { type: 'tool-call-delta', index: 1, argumentsDelta: '1}' },
      {
        type: 'tool-call-complete',
        index: 1,
        id: 'c',
        name: 'f',
        arguments: { a: 1 },
        rawArguments: '{"a":1}',
      },
      { type: 'usage', promptTokens: 1, completionTokens: 2, totalTokens: 3 },
      { type: 'finish', reason: 'tool_calls' },
    ];
    expect(await collectChat(events)).toEqual({
      text: 'Hello',
      reasoning: 'Think',
      reasoningSignature: 'S1',
      redactedReasoning: [],
      toolCalls: [
        {
          index: 1,
          id: 'c',
          name: 'f',
          rawArguments: '{"a":1}',
          arguments: { a: 1 },
          parseError: false,
          signature: null,
          complete: true,
        },
      ],
      usage: { promptTokens: 1, completionTokens: 2, totalTokens: 3 },
      finish: 'tool_calls',
      error: null,
    });
  });

  it('API8 is pure: the previous state is never changed', () => {
    const first = applyChatEvent(emptyChatAssembly, {
      type: 'tool-call-start',
      index: 0,
      id: 'x',
      name: 'g',
    });
    const second = applyChatEvent(first, { type: 'tool-call-delta', index: 0, argumentsDelta: '{}' });
    expect(first.toolCalls[0]?.rawArguments).toBe('');
    expect(second.toolCalls[0]?.rawArguments).toBe('{}');
    expect(emptyChatAssembly.text).toBe('');
  });

  it('API8 an error keeps the partial text and unfinished tool calls', async () => {
    const error = new ProviderError({
      code: 'stream_interrupted',
      provider: 'openai',
      providerMessage: 'cut',
    });
    const s = await collectChat([
      { type: 'text-delta', text: 'par' },
      { type: 'tool-call-start', index: 0, id: 'c', name: 'f' },
      { type: 'error', error },
    ]);
    expect([s.text, s.toolCalls[0]?.complete, s.error, s.finish]).toEqual(['par', false, error, null]);
  });
});
