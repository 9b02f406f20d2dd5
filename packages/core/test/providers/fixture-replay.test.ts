import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { collectChat } from '../../src/providers/chat-assembly';
import { allRecordedResponses, readFixtureText, type RecordedResponse } from './fixture-streams';
import { dialectExpectations } from './recorded-dialect-expectations';
import { errorExpectations } from './recorded-error-expectations';
import { moreExpectations } from './recorded-expectations';
import { bodyFrom, eventsOf, summary } from './stream-helpers';

/**
 * Every recorded stream in fixtures/provider-streams, replayed whole and split at random byte
 * boundaries (ST11): the assembled message must not depend on how the bytes were cut.
 */

async function replay(response: RecordedResponse, cuts: readonly number[] = []) {
  return collectChat(await eventsOf(bodyFrom(response.body, cuts), response.format, response.provider));
}

const recorded = allRecordedResponses();

/** Independent reference for the long text fixture: the content fields of its chunk lines. */
function vercelText(): string {
  const lines = readFixtureText('openai/vercel-text-with-include-usage.chunks.txt').split('\n').slice(1);
  return lines
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const chunk = JSON.parse(line) as { choices: { delta?: { content?: string | null } }[] };
      return chunk.choices[0]?.delta?.content ?? '';
    })
    .join('');
}

const expectations: Record<string, (s: Awaited<ReturnType<typeof replay>>) => void> = {
  'openai/pydantic-parallel-tool-calls.sse.txt#0': (s) => {
    expect(s.toolCalls.map((c) => [c.index, c.id, c.name, c.arguments])).toEqual([
      [0, 'call_q2UyBRP7eXNTzAoR8lEhjc9Z', 'get_country', {}],
      [1, 'call_b51ijcpFkDiTQG1bQzsrmtW5', 'get_product_name', {}],
    ]);
    expect(s.usage).toEqual({ promptTokens: 364, completionTokens: 40, totalTokens: 404 });
    expect(s.finish).toBe('tool_calls');
  },
  'openai/pydantic-parallel-tool-calls.sse.txt#1': (s) => {
    expect(s.toolCalls.map((c) => [c.name, c.arguments])).toEqual([['get_weather', { city: 'Mexico City' }]]);
    expect(s.finish).toBe('tool_calls');
  },
  'openai/pydantic-parallel-tool-calls.sse.txt#2': (s) => {
    expect(s.toolCalls[0]?.arguments).toEqual({
      answers: [
        { label: 'Capital', answer: 'The capital of Mexico is Mexico City.' },
        { label: 'Weather', answer: 'The weather in Mexico City is currently sunny.' },
        { label: 'Product Name', answer: 'The product name is Pydantic AI.' },
      ],
    });
    expect(s.usage).toEqual({ promptTokens: 448, completionTokens: 62, totalTokens: 510 });
  },
  'openai/pydantic-tool-call-args-split-then-text-include-usage.sse.txt#0': (s) => {
    expect(s.toolCalls.map((c) => [c.name, c.rawArguments, c.arguments])).toEqual([
      ['get_capital', '{"country":"UK"}', { country: 'UK' }],
    ]);
    expect(s.usage).toEqual({ promptTokens: 53, completionTokens: 15, totalTokens: 68 });
  },
  'openai/pydantic-tool-call-args-split-then-text-include-usage.sse.txt#1': (s) => {
    expect(s.text).toBe('The capital of the UK is London.');
    expect(s.usage).toEqual({ promptTokens: 78, completionTokens: 9, totalTokens: 87 });
    expect(s.finish).toBe('stop');
  },
  'openai/vercel-text-with-include-usage.chunks.txt': (s) => {
    expect(s.text).toBe(vercelText());
    expect(s.text.length).toBeGreaterThan(1000);
    expect(s.usage).toEqual({ promptTokens: 16, completionTokens: 300, totalTokens: 316 });
    expect(s.finish).toBe('stop');
  },
  'openai-compatible/llama-server-tool-call-stream-split-reads-capture.txt': (s) => {
    // The capture starts mid-call (no id, no name, arguments `.nvim"}`), and its last chunk is
    // broken over two lines without a second `data:` (rejoined, ST13) and holds finish_reason.
    expect(s.toolCalls).toEqual([
      expect.objectContaining({
        index: 0,
        name: '',
        rawArguments: '.nvim"}',
        arguments: {},
        parseError: true,
      }),
    ]);
    expect(s.finish).toBe('tool_calls');
  },
  'openrouter/comments-keepalive-then-midstream-error-chunk.sse.txt#0': (s) => {
    expect(s.reasoning).toBe('We need to respond to a greeting. The user');
    expect(s.text).toBe('');
    expect(s.error?.code).toBe('bad_request');
    expect(s.error?.providerMessage).toBe('Token limit reached');
    expect(s.usage).toMatchObject({ promptTokens: 43, completionTokens: 10, costUSD: 0 });
    expect(s.finish).toBeNull();
  },
  'anthropic/pydantic-thinking-stream.sse.txt#0': (s) => {
    expect(s.reasoning).toMatch(
      /^This is a straightforward question about pedestrian safety\. I should provide clear/,
    );
    expect(s.reasoning).toMatch(/help prevent accidents\.$/);
    expect(s.reasoningSignature).toMatch(/^EvMCCkYICxgCKkCHP2cSuEdc/);
    expect(s.text).toMatch(/^Here are the basic steps for safely crossing the street:/);
    expect(s.text).toMatch(/ streets\.$/);
    expect(s.usage).toEqual({ promptTokens: 43, completionTokens: 282, totalTokens: 325 });
    expect(s.finish).toBe('stop');
  },
  'anthropic/sdk-basic-text.sse.txt': (s) => {
    expect(s.text).toBe('Hello there!');
    expect(s.usage).toEqual({ promptTokens: 11, completionTokens: 6, totalTokens: 17 });
    expect(s.finish).toBe('stop');
  },
  'anthropic/sdk-tool-use-input-json-delta.sse.txt': (s) => {
    expect(s.text).toBe("I'll check the current weather in Paris for you.");
    expect(s.toolCalls.map((c) => [c.id, c.name, c.arguments])).toEqual([
      ['toolu_01NRLabsLyVHZPKxbKvkfSMn', 'get_weather', { location: 'Paris' }],
    ]);
    expect(s.usage).toEqual({ promptTokens: 377, completionTokens: 65, totalTokens: 442 });
    expect(s.finish).toBe('tool_calls');
  },
  'gemini/pydantic-functioncall-stream-crlf.sse.txt#0': (s) => {
    expect(s.toolCalls.map((c) => [c.name, c.arguments, c.complete])).toEqual([['get_country', {}, true]]);
    expect(s.toolCalls[0]?.signature).toMatch(/^EpwICpkIAXLI2nxl/);
    expect(s.usage).toEqual({
      promptTokens: 29,
      completionTokens: 212,
      totalTokens: 241,
      reasoningTokens: 202,
    });
    expect(s.finish).toBe('tool_calls');
  },
  'gemini/pydantic-functioncall-stream-crlf.sse.txt#1': (s) => {
    expect(s.text).toBe('The capital of Mexico is Mexico City.');
    expect(s.usage).toEqual({ promptTokens: 257, completionTokens: 8, totalTokens: 265 });
    expect(s.finish).toBe('stop');
  },
  'gemini/pydantic-text-stream-crlf.sse.txt#0': (s) => {
    expect(s.text).toBe('The capital of France is Paris.\n');
    expect(s.usage).toEqual({ promptTokens: 13, completionTokens: 8, totalTokens: 21 });
    expect(s.finish).toBe('stop');
  },
  ...moreExpectations,
  ...dialectExpectations,
  ...errorExpectations,
};

describe('recorded provider streams (fixtures/provider-streams)', () => {
  it('finds every recorded response and has an expectation for each', () => {
    expect(recorded.map((r) => r.name).sort()).toEqual(Object.keys(expectations).sort());
  });

  for (const response of recorded) {
    it(`ST11 ${response.name}: whole body assembles to the recorded message`, async () => {
      const check = expectations[response.name];
      if (!check) throw new Error(`no expectation for ${response.name}`);
      check(await replay(response));
    });

    it(`ST11 ${response.name}: one byte per read gives the same message`, async () => {
      const everyByte = Array.from({ length: response.body.length }, (_, i) => i);
      expect(summary(await replay(response, everyByte))).toEqual(summary(await replay(response)));
    });

    it(`ST11 ${response.name}: random read boundaries give the same message`, async () => {
      const whole = summary(await replay(response));
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.integer({ min: 1, max: Math.max(1, response.body.length - 1) }), { maxLength: 60 }),
          async (cuts) => {
            expect(summary(await replay(response, cuts))).toEqual(whole);
          },
        ),
        { numRuns: 40 },
      );
    });
  }
});
