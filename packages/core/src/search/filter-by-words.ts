import { normalizeForSearch, normalizeQuery } from './normalize-text';

/**
 * SE10: the items whose text holds every word of the query, with the chat search's normalisation
 * (case and accents ignored); a blank query keeps all. For the short lists of library screens
 * (agents, prompts, memory entries), where an index would cost more than it saves.
 */
export function filterByWords<T>(items: readonly T[], query: string, textOf: (item: T) => string): T[] {
  const words = normalizeQuery(query).split(' ').filter(Boolean);
  if (words.length === 0) return [...items];
  return items.filter((item) => {
    const haystack = normalizeForSearch(textOf(item));
    return words.every((word) => haystack.includes(word));
  });
}
