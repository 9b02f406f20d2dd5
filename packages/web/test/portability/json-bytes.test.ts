import { describe, expect, it } from 'vitest';
import { parseJsonBytes } from '../../src/features/portability/json-bytes';

const bytes = (text: string) => new TextEncoder().encode(text);

/** A small seeded generator, so a failure names the input it failed on. */
function randomValue(seed: number): unknown {
  let state = seed;
  const next = () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state / 2 ** 32;
  };
  const tricky = ['', 'a,b', '[x]', '{y}', 'say "hi"', 'back\\slash', 'é ü 中文 😀', '\\"]', 'line\nbreak'];
  const value = (depth: number): unknown => {
    const pick = next();
    if (depth > 3 || pick < 0.35) {
      const scalar = next();
      if (scalar < 0.5) return tricky[Math.floor(next() * tricky.length)];
      if (scalar < 0.7) return Math.round(next() * 1e6) / 100;
      if (scalar < 0.85) return next() < 0.5;
      return null;
    }
    if (pick < 0.65) return Array.from({ length: Math.floor(next() * 4) }, () => value(depth + 1));
    return Object.fromEntries(
      Array.from({ length: Math.floor(next() * 4) }, (_, i) => [
        `${tricky[i % tricky.length]}${i}`,
        value(depth + 1),
      ]),
    );
  };
  return Array.from({ length: 1 + Math.floor(next() * 6) }, () => value(0));
}

describe('parseJsonBytes', () => {
  it('gives what JSON.parse gives, for arrays element by element and for any other top level', () => {
    const texts = [
      '[]',
      ' [ ] ',
      '[1]',
      '[1, "two", {"three": [3, "]", ","]}, null, true]',
      '\n[\n  {"title": "a \\"quoted\\" ] bracket, and a comma"},\n  {"t": "\\\\"}\n]\n',
      '[{"mapping": {"a": {"message": {"content": {"parts": ["é 中文 😀"]}}}}}]',
      '{"data": {"chats": []}}',
      '"just a string"',
      '42',
    ];
    for (const text of texts) expect(parseJsonBytes(bytes(text)), text).toEqual(JSON.parse(text));
  });

  it('agrees with JSON.parse on generated arrays of nested values with tricky strings', () => {
    for (let seed = 1; seed <= 300; seed++) {
      const text = JSON.stringify(randomValue(seed), null, seed % 2 ? 2 : undefined);
      expect(parseJsonBytes(bytes(text)), `seed ${seed}`).toEqual(JSON.parse(text));
    }
  });

  it('reads a file that starts with a byte order mark, as the text decoder does', () => {
    const withBom = new Uint8Array([0xef, 0xbb, 0xbf, ...bytes('[{"a": 1}]')]);
    expect(parseJsonBytes(withBom)).toEqual([{ a: 1 }]);
    expect(parseJsonBytes(new Uint8Array([0xef, 0xbb, 0xbf, ...bytes('{"a": 1}')]))).toEqual({ a: 1 });
  });

  it('refuses what JSON.parse refuses, with a SyntaxError', () => {
    const broken = [
      '',
      '[',
      '[1',
      '[1,',
      '[1,]',
      '[,1]',
      '[1,,2]',
      '[1 2]',
      '[1}',
      '[{"a": 1]}',
      '["unterminated]',
      '[1] trailing',
      '[1]]',
      '[{"a": 1}, {"b": }]',
      '{"a": [1, 2}',
    ];
    for (const text of broken) {
      expect(() => JSON.parse(text), text).toThrow(SyntaxError);
      expect(() => parseJsonBytes(bytes(text)), text).toThrow(SyntaxError);
    }
  });

  it('refuses a file cut off inside an element, as an import of a truncated download would be', () => {
    const text = JSON.stringify(randomValue(7));
    for (const cut of [1, Math.floor(text.length / 2), text.length - 1]) {
      expect(() => parseJsonBytes(bytes(text.slice(0, cut))), `cut at ${cut}`).toThrow(SyntaxError);
    }
  });
});
