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
};
