import { describe, expect, it } from 'vitest';
import { JsonArraySplitter, parseJsonArrayStream } from '../../src/import';

const encode = (text: string) => new TextEncoder().encode(text);
const BOM = [0xef, 0xbb, 0xbf];

/** Every element of `bytes` cut into the given pieces, parsed; end() checked. */
function split(pieces: readonly Uint8Array[]): unknown[] {
  const splitter = new JsonArraySplitter();
  const out: unknown[] = [];
  for (const piece of pieces) for (const text of splitter.push(piece)) out.push(JSON.parse(text));
  splitter.end();
  return out;
}

/** A sample with every hard case: escapes, brackets and commas in strings, nesting, multi-byte text. */
const TRICKY =
  '\n [ {"t": "a \\"quoted\\" ] bracket, and a comma", "n": [1, [2, {"x": "}"}]]},' +
  ' "\\\\", "é ü 中文 😀", -1.5e3, true, null, [], {}, "\\u00e9\\"\\\\\\"" ,{"deep":[[[["]"]]]]} ]\t\r\n';

describe('IM28 JsonArraySplitter', () => {
  it('IM7 gives the elements JSON.parse gives, cut at every byte of a tricky sample, BOM or not', () => {
    const expected = JSON.parse(TRICKY) as unknown[];
    for (const bytes of [encode(TRICKY), new Uint8Array([...BOM, ...encode(TRICKY)])]) {
      expect(split([bytes])).toEqual(expected);
      for (let cut = 0; cut <= bytes.length; cut++)
        expect(split([bytes.subarray(0, cut), bytes.subarray(cut)]), `cut at ${cut}`).toEqual(expected);
      // Two cuts, so an element (and a multi-byte character, a BOM) can span three chunks.
      for (let a = 0; a < bytes.length; a += 3)
        for (let b = a; b <= bytes.length; b += 5)
          expect(split([bytes.subarray(0, a), bytes.subarray(a, b), bytes.subarray(b)])).toEqual(expected);
      // One byte at a time.
      expect(split([...bytes].map((byte) => new Uint8Array([byte])))).toEqual(expected);
    }
  });

  it('hands each element out as soon as the separator after it arrives', () => {
    const splitter = new JsonArraySplitter();
    expect(splitter.push(encode('[{"a": 1'))).toEqual([]);
    expect(splitter.push(encode('}, {"b"'))).toEqual(['{"a": 1}']);
    expect(splitter.push(encode(': 2}]'))).toEqual(['{"b": 2}']);
    splitter.end();
  });

  it('an empty array has no elements; white space around it is allowed', () => {
    expect(split([encode(' [ \n ] \n')])).toEqual([]);
  });

  it('IM7 refuses what JSON.parse refuses: truncation, empty elements, a missing comma, trailing text', () => {
    const bad = ['[1, 2', '[{"a": "x]', '[1,,2]', '[1,]', '[,]', '[1 2]', '[1] x', '[{"a": 1}}]', '[1}', ''];
    for (const text of bad) {
      expect(() => JSON.parse(text), text).toThrow(SyntaxError);
      expect(() => split([encode(text)]), text).toThrow(SyntaxError);
    }
  });

  it('says when the top level is not an array and leaves it alone', () => {
    const splitter = new JsonArraySplitter();
    expect(splitter.isArray).toBeUndefined();
    expect(splitter.push(encode('  '))).toEqual([]);
    expect(splitter.isArray).toBeUndefined();
    expect(splitter.push(encode('{"data": [1, 2]}'))).toEqual([]);
    expect(splitter.isArray).toBe(false);
    expect(() => splitter.end()).not.toThrow();
  });

  it('parseJsonArrayStream yields each element before the stream ends', async () => {
    const seen: string[] = [];
    async function* chunks() {
      seen.push('chunk 1');
      yield encode('[{"a": 1}, {"b": ');
      seen.push('chunk 2');
      yield encode('2}]');
    }
    for await (const element of parseJsonArrayStream(chunks())) seen.push(JSON.stringify(element));
    expect(seen).toEqual(['chunk 1', '{"a":1}', 'chunk 2', '{"b":2}']);
  });
});
