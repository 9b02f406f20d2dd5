import { describe, expect, it } from 'vitest';
import { findBrokenJsonBound, type JsonBounds } from '../src/http/json-bounds';

const bounds: JsonBounds = { maxDepth: 3, maxItems: 3, maxStringLength: 5, maxValues: 12 };
const check = (text: string) => findBrokenJsonBound(text, bounds)?.bound;

describe('JSON bounds pre-scan (JB2)', () => {
  it('passes text within every bound', () => {
    expect(check('{"a":[1,2,3],"b":{"c":"12345"}}')).toBeUndefined();
  });

  it('names the first broken bound', () => {
    expect(check('[[[[]]]]')).toBe('maxDepth');
    expect(check('[1,2,3,4]')).toBe('maxItems');
    expect(check('{"a":1,"b":2,"c":3,"d":4}')).toBe('maxItems');
    expect(check('["123456"]')).toBe('maxStringLength');
    expect(check('[[1,2],[1,2],[1,2]],[[1,2],[1,2]]')).toBe('maxValues');
  });

  it('reads brackets, commas and escaped quotes inside strings as text', () => {
    expect(check('["[[[[", ",,,,"]')).toBeUndefined();
    expect(check('["a\\"b"]')).toBeUndefined();
    expect(check('["\\\\", "x"]')).toBeUndefined();
    expect(check('["ab\\"cdef"]')).toBe('maxStringLength');
  });

  it('scans a million-deep text without recursion', () => {
    const deep = '['.repeat(1_000_000) + ']'.repeat(1_000_000);
    expect(findBrokenJsonBound(deep, { ...bounds, maxDepth: 64, maxValues: 2_000_000 })?.bound).toBe(
      'maxDepth',
    );
  });
});
