import { expect } from 'vitest';
import type { ChatAssembly } from '../../src/providers/chat-assembly';

/**
 * What the hand-written streams of rules ST27–ST30 and ER16 must assemble to. fixture-replay.test.ts
 * checks each whole, one byte per read and at random read boundaries.
 */
export const errorExpectations: Record<string, (s: ChatAssembly) => void> = {
  'openai-compatible/event-error-after-partial-text.sse.txt': (s) => {
    // ST27: the `event: error` frame ends the answer as that error, after the partial text.
    expect(s.text).toBe('The first part of the answer');
    expect(s.finish).toBeNull();
    expect([s.error?.code, s.error?.providerMessage]).toEqual([
      'overloaded',
      'Service Unavailable: the model stopped responding',
    ]);
  },
  'openai-compatible/error-field-line-then-done.sse.txt': (s) => {
    // ST27: an `error:` field line is the error, and the [DONE] after it does not make the answer
    // look complete.
    expect(s.text).toBe('Partial answer');
    expect(s.finish).toBeNull();
    expect([s.error?.code, s.error?.providerMessage]).toEqual([
      'server_error',
      'upstream connect error or disconnect/reset before headers',
    ]);
  },
  'openai-compatible/gpt-oss-harmony-tags-as-content.chunks.txt': (s) => {
    // ST28: the analysis channel is reasoning, the final channel the answer; no tag is shown.
    expect(s.reasoning).toBe('The user asks for 2 + 2. Simple.');
    expect(s.text).toBe('2 + 2 = 4.');
    expect(s.finish).toBe('stop');
  },
  'openrouter/midstream-error-upstream-raw-finish-error.sse.txt': (s) => {
    // ER16: the upstream cause from metadata.raw is in the message, and classifies the error.
    expect(s.text).toBe('Half of the answer');
    expect(s.finish).toBeNull();
    expect([s.error?.code, s.error?.providerMessage]).toEqual([
      'overloaded',
      'Provider returned error (Anthropic: Overloaded)',
    ]);
  },
  'anthropic/second-message-start-mid-stream.sse.txt': (s) => {
    // ST29: the second message_start ends the answer; nothing of the second message is kept.
    expect(s.reasoning).toBe('The user wants the weather.');
    expect(s.reasoningSignature).toBeNull();
    expect(s.toolCalls).toEqual([]);
    expect(s.finish).toBeNull();
    expect(s.error?.code).toBe('stream_interrupted');
    expect(s.error?.providerMessage).toMatch(/second message/);
    expect(s.usage).toEqual({ promptTokens: 20, completionTokens: 1, totalTokens: 21 });
  },
  'gemini/prompt-blocked-with-block-reason-message.chunks.txt': (s) => {
    // ST30: the reason and Google's message are shown; the prompt's usage is kept.
    expect(s.text).toBe('');
    expect(s.usage).toEqual({ promptTokens: 14, completionTokens: 0, totalTokens: 14 });
    expect([s.error?.code, s.error?.providerMessage]).toEqual([
      'content_filter',
      'The prompt was blocked (PROHIBITED_CONTENT): The prompt could not be answered because it may contain prohibited content.',
    ]);
  },
};
