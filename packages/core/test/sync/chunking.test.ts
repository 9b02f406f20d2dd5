import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chunkBySerializedLength, joinJsonTexts, serializedLength } from '../../src/sync/chunking';

describe('chunkBySerializedLength', () => {
  it('CH1 each chunk serialises within the limit', () => {
    const items = Array.from({ length: 10 }, (_, i) => ({ id: `i${i}`, text: 'x'.repeat(10) }));
    const one = serializedLength(items[0]);
    // Two items and the comma and brackets fit in 2 * one + 3, a third does not.
    const chunks = chunkBySerializedLength(items, 2 * one + 3);
    expect(chunks.map((chunk) => chunk.length)).toEqual([2, 2, 2, 2, 2]);
    for (const chunk of chunks) expect(JSON.stringify(chunk).length).toBeLessThanOrEqual(2 * one + 3);
    expect(chunkBySerializedLength(items, 2 * one + 2).every((chunk) => chunk.length === 1)).toBe(true);
  });

  it('CH2 an item longer than the limit goes alone', () => {
    const chunks = chunkBySerializedLength(['a', 'b'.repeat(100), 'c', 'd'], 20);
    expect(chunks).toEqual([['a'], ['b'.repeat(100)], ['c', 'd']]);
  });

  it('CH4 no items, no chunks; a limit must be positive', () => {
    expect(chunkBySerializedLength([], 10)).toEqual([]);
    expect(() => chunkBySerializedLength([1], 0)).toThrow(RangeError);
  });

  it('CH1 CH2 CH3 for any items and limit: within limit unless alone, order kept, nothing lost', () => {
    fc.assert(
      fc.property(
        fc.array(fc.jsonValue(), { maxLength: 40 }),
        fc.integer({ min: 1, max: 300 }),
        (items, max) => {
          const chunks = chunkBySerializedLength(items, max);
          expect(chunks.flat()).toEqual(items);
          for (const chunk of chunks) {
            expect(chunk.length).toBeGreaterThan(0);
            if (chunk.length > 1) expect(JSON.stringify(chunk).length).toBeLessThanOrEqual(max);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('CH1 works on items that are already JSON text, given their length', () => {
    const texts = ['{"a":1}', '{"b":22}', '{"c":333}'];
    const chunks = chunkBySerializedLength(texts, 18, (text) => text.length);
    expect(chunks.map(joinJsonTexts)).toEqual(['[{"a":1},{"b":22}]', '[{"c":333}]']);
    for (const chunk of chunks) expect(joinJsonTexts(chunk).length).toBeLessThanOrEqual(18);
  });
});
