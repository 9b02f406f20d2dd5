import { describe, expect, it } from 'vitest';
import { filterByWords } from '../../src/search/filter-by-words';

describe('filterByWords', () => {
  const items = ['Café crème recipes', 'Travel planner', 'Crème brûlée for two'];
  it('SE10 keeps items holding every word, ignoring case and accents; blank keeps all', () => {
    expect(filterByWords(items, 'CREME', (item) => item)).toEqual([
      'Café crème recipes',
      'Crème brûlée for two',
    ]);
    expect(filterByWords(items, 'creme two', (item) => item)).toEqual(['Crème brûlée for two']);
    expect(filterByWords(items, '   ', (item) => item)).toEqual(items);
    expect(filterByWords(items, 'nothing', (item) => item)).toEqual([]);
  });
});
