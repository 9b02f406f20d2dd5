import { describe, expect, it } from 'vitest';
import {
  MAX_ARGUMENT_CHARS,
  MAX_ARGUMENT_VALUES,
  PartialArgsBuilder,
  parseJsonPath,
} from '../../src/providers/gemini-partial-args';
import { assemble } from './stream-helpers';

/** Vertex AI streamed function-call arguments (SPEC.md ST22). */

const sse = (...payloads: unknown[]) => payloads.map((p) => `data: ${JSON.stringify(p)}\n\n`).join('');
const fc = (functionCall: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  candidates: [{ content: { role: 'model', parts: [{ functionCall, ...extra }] } }],
});
const stop = { candidates: [{ content: { role: 'model', parts: [{ text: '' }] }, finishReason: 'STOP' }] };

describe('ST22 Gemini streamed function-call arguments', () => {
  it('ST22 string values continued with willContinue are joined; the empty end part completes the call', async () => {
    const body = sse(
      fc({ name: 'getWeather', willContinue: true }, { thoughtSignature: 'sig' }),
      fc({
        partialArgs: [{ jsonPath: '$.location', stringValue: 'Boston', willContinue: true }],
        willContinue: true,
      }),
      fc({ partialArgs: [{ jsonPath: '$.location', stringValue: ', MA' }], willContinue: true }),
      fc({ partialArgs: [{ jsonPath: '$.brightness', numberValue: 50 }], willContinue: true }),
      fc({}),
      stop,
    );
    const s = await assemble(body, 'gemini');
    expect(s.toolCalls).toEqual([
      {
        index: 0,
        id: 'gemini-call-0',
        name: 'getWeather',
        rawArguments: '{"location":"Boston, MA","brightness":50}',
        arguments: { location: 'Boston, MA', brightness: 50 },
        parseError: false,
        signature: 'sig',
        complete: true,
      },
    ]);
    expect(s.finish).toBe('tool_calls');
  });

  it('ST22 booleans, nulls, nested objects, arrays and bracket paths build one object', async () => {
    const body = sse(
      fc({ name: 'plan', id: 'fc-1', willContinue: true }),
      fc({
        partialArgs: [
          { jsonPath: '$.opts.dry', boolValue: false },
          { jsonPath: '$.opts.note', nullValue: 'NULL_VALUE' },
          { jsonPath: "$['odd key'][0]", stringValue: 'a' },
          { jsonPath: "$['odd key'][1]", stringValue: 'b' },
          { jsonPath: '$.steps[0].name', stringValue: 'a' },
        ],
        willContinue: true,
      }),
      fc({ willContinue: true }),
      fc({ partialArgs: [{ jsonPath: '$.steps[1].name', stringValue: 'b' }] }),
      stop,
    );
    const s = await assemble(body, 'gemini');
    expect(s.toolCalls.map((c) => [c.id, c.name, c.arguments, c.complete])).toEqual([
      [
        'fc-1',
        'plan',
        { opts: { dry: false, note: null }, 'odd key': ['a', 'b'], steps: [{ name: 'a' }, { name: 'b' }] },
        true,
      ],
    ]);
  });

  it('ST22 a new named call while one is open completes the open one first', async () => {
    const body = sse(
      fc({ name: 'a', willContinue: true }),
      fc({ partialArgs: [{ jsonPath: '$.x', numberValue: 1 }], willContinue: true }),
      fc({ name: 'b', willContinue: true }),
      fc({ partialArgs: [{ jsonPath: '$.y', numberValue: 2 }], willContinue: true }),
      { candidates: [{ content: { role: 'model', parts: [] }, finishReason: 'STOP' }] },
    );
    const s = await assemble(body, 'gemini');
    expect(s.toolCalls.map((c) => [c.index, c.name, c.arguments, c.complete])).toEqual([
      [0, 'a', { x: 1 }, true],
      [1, 'b', { y: 2 }, true],
    ]);
    expect(s.finish).toBe('tool_calls');
  });

  it('ST22 a stream cut inside a streamed call leaves it incomplete (stream_interrupted)', async () => {
    const body = sse(
      fc({ name: 'a', willContinue: true }),
      fc({ partialArgs: [{ jsonPath: '$.x', stringValue: 'par', willContinue: true }], willContinue: true }),
    );
    const s = await assemble(body, 'gemini');
    expect(s.toolCalls.map((c) => [c.name, c.complete])).toEqual([['a', false]]);
    expect(s.error?.code).toBe('stream_interrupted');
  });

  it('ST22 a finish other than STOP inside a streamed call leaves it incomplete (MAX_TOKENS, SAFETY)', async () => {
    for (const [reason, finish] of [
      ['MAX_TOKENS', 'length'],
      ['SAFETY', 'content_filter'],
    ] as const) {
      const body = sse(
        fc({ name: 'whole', args: { q: 1 } }),
        fc({ name: 'readFile', willContinue: true }),
        fc({
          partialArgs: [{ jsonPath: '$.path', stringValue: '/etc/hos', willContinue: true }],
          willContinue: true,
        }),
        { candidates: [{ content: { role: 'model', parts: [] }, finishReason: reason }] },
      );
      const s = await assemble(body, 'gemini');
      expect(s.toolCalls.map((c) => [c.name, c.complete, c.arguments])).toEqual([
        ['whole', true, { q: 1 }],
        ['readFile', false, null],
      ]);
      expect(s.toolCalls[1]?.rawArguments).toBe('{"path":"/etc/hos"}');
      expect([s.finish, s.error]).toEqual([finish, null]);
    }
  });

  it('ST22 a streamed call that ended before a MAX_TOKENS finish stays complete', async () => {
    const body = sse(
      fc({ name: 'a', willContinue: true }),
      fc({ partialArgs: [{ jsonPath: '$.x', numberValue: 1 }] }),
      { candidates: [{ content: { role: 'model', parts: [{ text: 'and' }] }, finishReason: 'MAX_TOKENS' }] },
    );
    const s = await assemble(body, 'gemini');
    expect(s.toolCalls.map((c) => [c.name, c.complete, c.arguments])).toEqual([['a', true, { x: 1 }]]);
    expect(s.finish).toBe('length');
  });

  it('ST22 whole calls around a streamed one keep their order and ids', async () => {
    const body = sse(
      fc({ name: 'first', args: { q: 1 } }),
      fc({ name: 'second', willContinue: true }),
      fc({ partialArgs: [{ jsonPath: '$.q', numberValue: 2 }] }),
      fc({}),
      fc({ name: 'third', args: {} }),
      stop,
    );
    const s = await assemble(body, 'gemini');
    expect(s.toolCalls.map((c) => [c.index, c.id, c.name, c.arguments])).toEqual([
      [0, 'gemini-call-0', 'first', { q: 1 }],
      [1, 'gemini-call-1', 'second', { q: 2 }],
      [2, 'gemini-call-2', 'third', {}],
    ]);
  });
});

describe('ST22 JSON paths', () => {
  it('ST22 dotted names, indexes and quoted names', () => {
    expect(parseJsonPath('$.a.b[0]')).toEqual(['a', 'b', 0]);
    expect(parseJsonPath(`$['c d']["e"]`)).toEqual(['c d', 'e']);
  });

  it('ST22 paths that are not JSON paths, or reach the prototype, are refused', () => {
    expect(parseJsonPath('a.b')).toBeUndefined();
    expect(parseJsonPath('$')).toBeUndefined();
    expect(parseJsonPath('$.a..b')).toBeUndefined();
    expect(parseJsonPath('$.__proto__.polluted')).toBeUndefined();
    expect(parseJsonPath('$[99999999]')).toBeUndefined();
  });

  it('ST22 an entry with a refused path or no value changes nothing', () => {
    const builder = new PartialArgsBuilder();
    builder.apply([
      { jsonPath: '$.__proto__.polluted', stringValue: 'x' },
      { jsonPath: '$.k' },
      { jsonPath: '$.ok', stringValue: 'v' },
    ]);
    expect(builder.args).toEqual({ ok: 'v' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('ST22 array indexes and size limits', () => {
  it('ST22 an array index past the end of its array is a malformed entry and changes nothing', () => {
    const builder = new PartialArgsBuilder();
    builder.apply([
      { jsonPath: '$.items[0]', stringValue: 'a' },
      { jsonPath: '$.items[1]', stringValue: 'b' },
      { jsonPath: '$.items[3]', stringValue: 'gap' },
      { jsonPath: '$.items[0]', stringValue: 'A' },
      { jsonPath: '$.fresh[2]', numberValue: 1 },
      { jsonPath: '$.grid[0][1]', numberValue: 1 },
      { jsonPath: '$.grid[0][0].x', numberValue: 2 },
    ]);
    expect(builder.args).toEqual({ items: ['A', 'b'], grid: [[{ x: 2 }]] });
  });

  it('ST22 entries at far indexes cannot blow up the arguments (no padding)', async () => {
    const entries = Array.from({ length: 200 }, (_, i) => ({
      jsonPath: `$.k${i}[10000]`,
      nullValue: 'NULL_VALUE',
    }));
    const body = sse(
      fc({ name: 'a', willContinue: true }),
      fc({ partialArgs: entries, willContinue: true }),
      fc({ partialArgs: [{ jsonPath: '$.ok', boolValue: true }] }),
      stop,
    );
    const s = await assemble(body, 'gemini');
    expect(s.toolCalls.map((c) => [c.rawArguments, c.complete, c.parseError])).toEqual([
      ['{"ok":true}', true, false],
    ]);
  });

  it('ST22 a call with more values than the limit completes unreadable: {}, parseError, no raw text', async () => {
    const entries = Array.from({ length: MAX_ARGUMENT_VALUES + 1 }, (_, i) => ({
      jsonPath: `$.k${i}`,
      numberValue: 1,
    }));
    const body = sse(
      fc({ name: 'many', willContinue: true }),
      fc({ partialArgs: entries }),
      fc({ name: 'next', args: { q: 1 } }),
      stop,
    );
    const s = await assemble(body, 'gemini');
    expect(s.toolCalls.map((c) => [c.name, c.rawArguments, c.arguments, c.parseError, c.complete])).toEqual([
      ['many', '', {}, true, true],
      ['next', '{"q":1}', { q: 1 }, false, true],
    ]);
    expect(s.finish).toBe('tool_calls');
  });

  it('ST22 a string continued past the character limit makes the call unreadable', async () => {
    const piece = 'x'.repeat(100_000);
    const pieces = Array.from({ length: MAX_ARGUMENT_CHARS / piece.length + 1 }, () =>
      fc({
        partialArgs: [{ jsonPath: '$.text', stringValue: piece, willContinue: true }],
        willContinue: true,
      }),
    );
    const body = sse(fc({ name: 'write', willContinue: true }), ...pieces, fc({}), stop);
    const s = await assemble(body, 'gemini');
    expect(s.toolCalls.map((c) => [c.rawArguments, c.arguments, c.parseError, c.complete])).toEqual([
      ['', {}, true, true],
    ]);
  });

  it('ST22 arguments just under the limits are kept whole', () => {
    const builder = new PartialArgsBuilder();
    const piece = 'y'.repeat(MAX_ARGUMENT_CHARS / 2 - 20);
    builder.apply([
      { jsonPath: '$.t', stringValue: piece, willContinue: true },
      { jsonPath: '$.t', stringValue: piece },
    ]);
    expect(builder.json()).toBe(JSON.stringify({ t: piece + piece }));
  });
});
