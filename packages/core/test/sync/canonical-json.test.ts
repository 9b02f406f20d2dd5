import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson, sameJson } from '../../src/sync/canonical-json';

describe('canonical JSON', () => {
  it('MG8 sorts keys at every depth and drops what JSON.stringify drops', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, undefined], c: 'x' }, e: undefined, f: () => 1 })).toBe(
      '{"a":{"c":"x","d":[3,null]},"b":1}',
    );
    expect(canonicalJson(undefined)).toBe('null');
    expect(canonicalJson(new Date(0))).toBe('"1970-01-01T00:00:00.000Z"');
  });

  it('MG8 for any JSON value: same value back, and the same text whatever the key order', () => {
    const reverseKeys = (value: unknown): unknown =>
      Array.isArray(value)
        ? value.map(reverseKeys)
        : value && typeof value === 'object'
          ? Object.fromEntries(
              Object.keys(value)
                .reverse()
                .map((key) => [key, reverseKeys((value as Record<string, unknown>)[key])]),
            )
          : value;
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = canonicalJson(value);
        expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(value)));
        expect(canonicalJson(reverseKeys(value))).toBe(text);
      }),
    );
    // Keys sort as plain strings, integer-like ones included (object key order would put them first).
    expect(canonicalJson({ b: 1, '10': 2, '': 3, '9': 4 })).toBe('{"":3,"10":2,"9":4,"b":1}');
  });

  it('sameJson agrees with comparing canonical texts', () => {
    const value = fc.oneof(
      fc.jsonValue(),
      fc.dictionary(fc.string(), fc.option(fc.jsonValue(), { nil: undefined })),
    );
    fc.assert(
      fc.property(value, value, (a, b) => {
        expect(sameJson(a, b)).toBe(canonicalJson(a) === canonicalJson(b));
        expect(sameJson(a, structuredClone(a))).toBe(true);
      }),
      { numRuns: 500 },
    );
    expect(sameJson({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(sameJson([undefined], [null])).toBe(true);
    expect(sameJson({ a: [1, 2] }, { a: [2, 1] })).toBe(false);
  });
});
