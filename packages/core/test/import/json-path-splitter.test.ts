import { describe, expect, it } from 'vitest';
import { JsonPathSplitter } from '../../src/import';

const encode = (text: string) => new TextEncoder().encode(text);
const BOM = [0xef, 0xbb, 0xbf];
const PATH = ['data', 'chats'];

/** The elements at the path and the rest of the document, from `pieces` pushed in order. */
function split(pieces: readonly Uint8Array[], path: readonly string[] = PATH) {
  const splitter = new JsonPathSplitter(path);
  const elements: unknown[] = [];
  for (const piece of pieces) for (const text of splitter.push(piece)) elements.push(JSON.parse(text));
  return { elements, rest: splitter.end(), arrays: splitter.arraysFound };
}

/** What the splitter must give for `text`: the array at data.chats, and the document with it empty. */
function expected(text: string) {
  const whole = JSON.parse(text) as { data: { chats: unknown[] } };
  const elements = whole.data.chats;
  return { elements, rest: { ...whole, data: { ...whole.data, chats: [] } }, arrays: 1 };
}

/**
 * Every hard case: the key name in strings, in a nested object that is not the path (`data.x.chats`,
 * a top-level `chats`, `chats` inside an element), as an escaped key (`"cha\u0074s"` elsewhere is
 * still the name, so only under the path); brackets, quotes and escapes in strings; nested arrays
 * and objects; multi-byte characters; keys before and after the array.
 */
const TRICKY_ELEMENTS =
  '{"chatID": "a \\"quoted\\" ] bracket, and a comma", "n": [1, [2, {"x": "}"}]], "chats": [9]},' +
  ' "\\\\", "é ü 中文 😀 \\"chats\\":[", -1.5e3, true, null, [], {}, "\\u00e9\\"\\\\\\"" ,' +
  '{"deep":[[[["]"]]]], "data": {"chats": ["not the path"]}}';
const AFTER =
  '{"format": "x", "chats": [{"top": "level, not the path"}], "data": {"settings": {"chats": [1, 2]}, ' +
  `"note": "\\"chats\\": [", "chats": [ ${TRICKY_ELEMENTS} ], "folders": [{"id": "f]\\"}"}]}, "tail": "😀"}`;
const BEFORE = `{"data": {"chats" : [${TRICKY_ELEMENTS}] , "x": {"chats": []}, "prompts": []}, "format": "parley-export"}`;
const ESCAPED_KEY = `{"d\\u0061ta": {"cha\\u0074s": [${TRICKY_ELEMENTS}], "folders": []}}`;

describe('IM29 JsonPathSplitter', () => {
  for (const [name, text] of [
    ['other keys first, the key name elsewhere', AFTER],
    ['the array first, the format last', BEFORE],
    ['escaped keys', ESCAPED_KEY],
  ] as const) {
    it(`IM7 gives the elements and the rest JSON.parse gives, cut at every byte, in ones and twos: ${name}`, () => {
      const want = expected(text);
      for (const bytes of [encode(text), new Uint8Array([...BOM, ...encode(text)])]) {
        expect(split([bytes])).toEqual(want);
        for (let cut = 0; cut <= bytes.length; cut++)
          expect(split([bytes.subarray(0, cut), bytes.subarray(cut)]), `cut at ${cut}`).toEqual(want);
        // Every pair of cuts up to 8 bytes apart, so a key, an escape and a multi-byte character can
        // span three chunks (an element always does when cut twice).
        for (let a = 0; a <= bytes.length; a++)
          for (let b = a + 1; b <= Math.min(a + 8, bytes.length); b++) {
            const got = split([bytes.subarray(0, a), bytes.subarray(a, b), bytes.subarray(b)]);
            if (JSON.stringify(got) !== JSON.stringify(want)) expect(got, `cuts at ${a}, ${b}`).toEqual(want);
          }
        // One byte at a time, and two at a time from either parity.
        expect(split([...bytes].map((byte) => new Uint8Array([byte])))).toEqual(want);
        for (const first of [1, 2]) {
          const pieces = [bytes.subarray(0, first)];
          for (let at = first; at < bytes.length; at += 2) pieces.push(bytes.subarray(at, at + 2));
          expect(split(pieces), `pairs from ${first}`).toEqual(want);
        }
      }
    });
  }

  it('hands each element out as soon as the separator after it arrives, and the head is valid JSON', () => {
    const splitter = new JsonPathSplitter(PATH);
    expect(
      splitter.push(encode('{"format": "parley-export", "data": {"folders": [], "chats": [{"a": 1')),
    ).toEqual([]);
    expect(splitter.readingArray).toBe(true);
    expect(splitter.head()).toEqual({ format: 'parley-export', data: { folders: [], chats: [] } });
    expect(splitter.push(encode('}, {"b"'))).toEqual(['{"a": 1}']);
    expect(splitter.push(encode(': 2}], "prompts": [3]}}'))).toEqual(['{"b": 2}']);
    expect(splitter.readingArray).toBe(false);
    expect(splitter.end()).toEqual({
      format: 'parley-export',
      data: { folders: [], chats: [], prompts: [3] },
    });
  });

  it('leaves a document with nothing at the path whole: the value is an object, or another key holds the array', () => {
    for (const text of [
      '{"data": {"chats": {"chunks": ["a.json"]}}, "chats": [1]}',
      '{"chats": [1, 2], "data": {"x": {"chats": [3]}}}',
      '{"data": [{"chats": [1]}]}',
      '{"data": {"chats": "text"}}',
    ]) {
      expect(split([encode(text)])).toEqual({ elements: [], rest: JSON.parse(text), arrays: 0 });
    }
  });

  it('says when the top level is not an object and keeps it all as the rest', () => {
    const splitter = new JsonPathSplitter(PATH);
    expect(splitter.isObject).toBeUndefined();
    expect(splitter.push(encode(' \n'))).toEqual([]);
    expect(splitter.isObject).toBeUndefined();
    expect(splitter.push(encode('[{"data": {"chats": [1]}}]'))).toEqual([]);
    expect(splitter.isObject).toBe(false);
    expect(splitter.end()).toEqual([{ data: { chats: [1] } }]);
  });

  it('counts a key given twice (JSON.parse keeps the last: the reader reads such a file whole)', () => {
    expect(split([encode('{"data": {"chats": [1], "chats": [2]}}')]).arrays).toBe(2);
  });

  it('an empty array has no elements; white space anywhere is allowed', () => {
    expect(split([encode(' { "data" : { "chats" : [ \n ] } } \n')])).toEqual({
      elements: [],
      rest: { data: { chats: [] } },
      arrays: 1,
    });
  });

  it('IM7 refuses what JSON.parse refuses: truncation, empty elements, a missing comma, trailing text', () => {
    const bad = [
      '{"data": {"chats": [1, 2',
      '{"data": {"chats": [1, 2]',
      '{"data": {"chats": [{"a": "x]}}',
      '{"data": {"chats": [1,,2]}}',
      '{"data": {"chats": [1,]}}',
      '{"data": {"chats": [,]}}',
      '{"data": {"chats": [1 2]}}',
      '{"data": {"chats": [1}}}',
      '{"data": {"chats": [{"a": 1}}]}}',
      '{"data": {"chats": [1]}} x',
      '{"data" {"chats": [1]}}',
      '{"data": {"chats": [1]}, }',
      '{"data": {"chats" [1]}}',
      '',
      '{',
    ];
    for (const text of bad) {
      expect(() => JSON.parse(text), text).toThrow(SyntaxError);
      expect(() => split([encode(text)]), text).toThrow(SyntaxError);
    }
  });
});
