/** Prompts whose title or text holds every word of the query, ignoring case; blank keeps all. */
export function matchPrompts<T extends { title: string; content: string }>(
  prompts: readonly T[],
  query: string,
): T[] {
  const words = query.toLocaleLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...prompts];
  return prompts.filter((prompt) => {
    const haystack = `${prompt.title}\n${prompt.content}`.toLocaleLowerCase();
    return words.every((word) => haystack.includes(word));
  });
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
