import { filterByWords } from '@parley/core/search';
/** Prompts whose title or text holds every word of the query, ignoring case; blank keeps all. */
export function matchPrompts<T extends { title: string; content: string }>(
  prompts: readonly T[],
  query: string,
): T[] {
  return filterByWords(prompts, query, (prompt) => `${prompt.title}\n${prompt.content}`);
}

/** Titles that start with the query come first (what `/sum` most likely means), then the rest. */
export function rankPrompts<T extends { title: string; content: string }>(
  prompts: readonly T[],
  query: string,
): T[] {
  const q = query.trim().toLocaleLowerCase();
  const matched = matchPrompts(prompts, query);
  if (q === '') return matched;
  const starts = matched.filter((prompt) => prompt.title.toLocaleLowerCase().startsWith(q));
  return [...starts, ...matched.filter((prompt) => !starts.includes(prompt))];
}
