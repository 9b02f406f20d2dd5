import type { ModelDescriptor } from '@parley/core/models';

/**
 * The picker's search over one list of models: every word of the query in the model's name or id,
 * case-insensitive. Each model's search key is made once per list (not per keystroke), and a query
 * that extends the last one (typing on) looks only among the last matches, which it can only narrow;
 * when it finds the same ones, it returns the same array.
 */
export type ModelSearch<T> = (query: string) => readonly T[];

export function searchKeyOf(model: ModelDescriptor): string {
  return `${model.title} ${model.id} ${model.modelID}`.toLowerCase();
}

export function wordsOf(query: string): string[] {
  return query.toLowerCase().split(/\s+/).filter(Boolean);
}

export function createModelSearch<T extends { model: ModelDescriptor }>(items: readonly T[]): ModelSearch<T> {
  const keys = items.map((item) => searchKeyOf(item.model));
  const all = items.map((_, at) => at);
  let last: { query: string; matches: number[]; found: readonly T[] } = {
    query: '',
    matches: all,
    found: items,
  };
  return (query) => {
    const lower = query.toLowerCase();
    const words = wordsOf(lower);
    if (words.length === 0) {
      last = { query: lower, matches: all, found: items };
      return items;
    }
    // Every word of a longer query contains a word of the shorter one, so its matches are among those.
    const from = lower.startsWith(last.query) ? last.matches : all;
    const matches = from.filter((at) => {
      const key = keys[at]!;
      return words.every((word) => key.includes(word));
    });
    // As many as before, among those: the same models. The same array says so to whoever renders them.
    const same = from === last.matches && matches.length === from.length;
    last = same
      ? { ...last, query: lower }
      : { query: lower, matches, found: matches.map((at) => items[at]!) };
    return last.found;
  };
}
