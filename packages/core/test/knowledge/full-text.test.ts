import { describe, expect, it } from 'vitest';
import { FullTextIndex } from '../../src/knowledge/full-text';

function build() {
  const index = new FullTextIndex();
  index.add('a', ['ferry', 'island', 'ferry']);
  index.add('b', ['ferry', 'budget']);
  index.add('c', ['budget', 'euros', 'island']);
  return index;
}

describe('FullTextIndex', () => {
  it('KB32: a query answers the same after other queries as on a fresh index (its scores are reused)', () => {
    const used = build();
    used.search(['ferry', 'island'], 10);
    used.search(['budget'], 10);
    expect(used.search(['euros', 'island'], 10)).toEqual(build().search(['euros', 'island'], 10));
    expect(used.search(['ferry'], 10)).toEqual(['a', 'b']);
  });

  it("KB31/KB32: a term's frequency counts live passages only, before and after a removal", () => {
    const index = build();
    expect(index.frequency('ferry')).toBe(2);
    index.remove('a');
    expect(index.frequency('ferry')).toBe(1);
    expect(index.search(['ferry'], 10)).toEqual(['b']);
    const loaded = FullTextIndex.fromSnapshot(index.snapshot());
    expect(loaded.frequency('ferry')).toBe(1);
    expect(loaded.frequency('island')).toBe(1);
  });
});
