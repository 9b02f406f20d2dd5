import { expect } from 'vitest';
import type { ChatAssembly } from '../../src/providers/chat-assembly';

/**
 * What the recordings that taught rules ST19 and later must assemble to (fixture-replay.test.ts
 * checks every recorded response against its entry here or in the other tables).
 */
export const dialectExpectations: Record<string, (s: ChatAssembly) => void> = {
  'gemini/vertex-streamed-function-call-args-two-calls.chunks.txt': (s) => {
    // ST22: a named start part, partialArgs parts (a string continued with willContinue), an empty
    // functionCall as the end part; then a second call the same way.
    expect(s.toolCalls.map((c) => [c.index, c.id, c.name, c.arguments, c.complete])).toEqual([
      [0, 'gemini-call-0', 'getWeather', { location: 'Boston' }, true],
      [1, 'gemini-call-1', 'getWeather', { location: 'San Francisco' }, true],
    ]);
    expect(s.toolCalls[0]?.rawArguments).toBe('{"location":"Boston"}');
    expect(s.toolCalls[0]?.signature).toMatch(/^CiMBjz1rX25KieIB4d4AwFn8/);
    expect(s.toolCalls[1]?.signature).toBeNull();
    expect(s.text).toBe('');
    expect(s.usage).toEqual({
      promptTokens: 26,
      completionTokens: 23 + 132,
      totalTokens: 181,
      reasoningTokens: 132,
    });
    expect(s.finish).toBe('tool_calls');
  },
  'gemini/vertex-streamed-function-call-args-array-no-end-part.chunks.txt': (s) => {
    // ST22: array paths and number values; the last partialArgs part has no willContinue and no
    // empty end part follows (an empty text part and the finish come instead).
    expect(s.toolCalls.map((c) => [c.index, c.name, c.arguments, c.complete])).toEqual([
      [
        0,
        'writeItems',
        {
          operations: [
            { action: 'add', description: 'Fresh red apple', itemid: 'apple_001', price: 0.5 },
            { action: 'add', description: 'Ripe yellow banana', itemid: 'banana_001', price: 0.3 },
          ],
        },
        true,
      ],
    ]);
    expect(s.toolCalls[0]?.signature).toMatch(/^AY89a19ZkXSMGh/);
    expect(s.text).toBe('');
    expect(s.usage).toEqual({
      promptTokens: 54,
      completionTokens: 74 + 121,
      totalTokens: 249,
      reasoningTokens: 121,
    });
    expect(s.finish).toBe('tool_calls');
  },
  'gemini/vertex-whole-call-without-args-then-streamed-parallel-calls.chunks.txt': (s) => {
    // ST5: a whole call with no `args` at all is `{}`; ST22: three streamed calls follow it, each
    // ended by an empty functionCall part.
    expect(s.reasoning).toMatch(/^\*\*Processing User Requests\*\*\n\nI've started by understanding/);
    expect(s.toolCalls.map((c) => [c.index, c.id, c.name, c.arguments, c.complete])).toEqual([
      [0, 'gemini-call-0', 'read_theme', {}, true],
      [1, 'gemini-call-1', 'read_screen', { id: 'A' }, true],
      [2, 'gemini-call-2', 'read_screen', { id: 'B' }, true],
      [3, 'gemini-call-3', 'read_screen', { id: 'C' }, true],
    ]);
    expect(s.toolCalls[0]?.signature).toMatch(/^AY89a18a8\/Loc2wl5oft/);
    expect(s.text).toBe('');
    expect(s.usage).toEqual({
      promptTokens: 249,
      completionTokens: 58 + 183,
      totalTokens: 490,
      reasoningTokens: 183,
    });
    expect(s.finish).toBe('tool_calls');
  },
  'openai-compatible/xai-grok-reasoning-tool-call-usage-without-reasoning.chunks.txt': (s) => {
    // ST6 reasoning_content; ST23: completion_tokens (26) leaves out the 196 reasoning tokens
    // (291 + 26 + 196 = 513), and the cost comes in ticks of 1e-10 USD.
    expect(s.reasoning).toBe('First, the user is');
    expect(s.text).toBe('');
    expect(s.toolCalls.map((c) => [c.index, c.id, c.name, c.arguments, c.complete])).toEqual([
      [0, 'call_55117580', 'weather', { location: 'San Francisco' }, true],
    ]);
    expect(s.usage).toEqual({
      promptTokens: 291,
      completionTokens: 26 + 196,
      totalTokens: 513,
      reasoningTokens: 196,
      costUSD: expect.closeTo(0.00013305, 12) as number,
    });
    expect(s.finish).toBe('tool_calls');
  },
  'openai-compatible/groq-tool-call-args-split-x-groq-usage.chunks.txt': (s) => {
    // ST20: x_groq on the first chunk (id, seed) and usage both in x_groq and top level at the end.
    expect(s.toolCalls.map((c) => [c.index, c.id, c.name, c.rawArguments, c.arguments])).toEqual([
      [0, 'ax9fskhew', 'json', '{"value":"Sparkle Day"}', { value: 'Sparkle Day' }],
    ]);
    expect(s.text).toBe('');
    expect(s.usage).toEqual({ promptTokens: 45, completionTokens: 20, totalTokens: 65 });
    expect(s.finish).toBe('tool_calls');
  },
  'openai-compatible/perplexity-sonar-citations-usage-on-every-chunk.chunks.txt': (s) => {
    // ST14: usage on every chunk (growing; the last one wins); citations are not text (ST15);
    // the last chunk's object is chat.completion.done.
    expect(s.text).toBe('The current population of **[2][3]');
    expect(s.usage).toEqual({ promptTokens: 10, completionTokens: 336, totalTokens: 346 });
    expect(s.finish).toBe('stop');
  },
  'anthropic/server-web-fetch-error-between-text-blocks-then-tool.chunks.txt': (s) => {
    // ST15: server_tool_use (with its input_json_delta) and web_fetch_tool_result are not tool
    // calls; ST24: the text blocks around them are separated by a blank line.
    expect(s.text).toBe(
      "I'll follow these steps in order.\n\nStep 1: Calling web_fetch on https://httpbin.org/status/500" +
        '\n\nStep 2: web_fetch has returned (with an error, but it has completed).\n\n' +
        'Step 3: Now calling display_products',
    );
    expect(s.toolCalls.map((c) => [c.index, c.id, c.name, c.rawArguments, c.arguments])).toEqual([
      [0, 'toolu_01FUuDcCDweLziH8QvQFQLtV', 'display_products', '{}', {}],
    ]);
    expect(s.usage).toEqual({ promptTokens: 2509, completionTokens: 158, totalTokens: 2667 });
    expect(s.finish).toBe('tool_calls');
  },
  'openrouter/anthropic-reasoning-details-signature-usage-after-finish.sse.txt#0': (s) => {
    // ST6: `reasoning` and reasoning_details text are the same words, read once; ST25: the
    // signature comes in a detail of its own; ST14: the usage chunk (with cost) comes after the
    // finish_reason chunk and still has a choice.
    expect(s.reasoning).toBe('This is a simple arithmetic question. 2+2 equals 4.');
    expect(s.reasoningSignature).toMatch(/^Et0BCkgIChACGAIqQA2s7h7tA7IG35fbwVkou9PM/);
    expect(s.text).toBe('2 + 2 = 4');
    expect(s.usage).toEqual({
      promptTokens: 43,
      completionTokens: 36,
      totalTokens: 79,
      reasoningTokens: 13,
      costUSD: 0.000669,
    });
    expect(s.finish).toBe('stop');
  },
};
