import type { SearchDocument } from '../../src/search/search-document';

let clock = Date.UTC(2024, 0, 1);

/** A search document for tests: messages m0, m1... in order, a fresh updatedAt unless given. */
export function searchDoc(
  id: string,
  title: string,
  texts: readonly string[] = [],
  fields: Partial<SearchDocument> = {},
): SearchDocument {
  clock += 60_000;
  return {
    id,
    title,
    updatedAt: new Date(clock).toISOString(),
    archived: false,
    deleted: false,
    messages: texts.map((text, i) => ({ id: `${id}-m${i}`, text })),
    ...fields,
  };
}

export function isoMinutes(minutes: number): string {
  return new Date(Date.UTC(2024, 5, 1) + minutes * 60_000).toISOString();
}
