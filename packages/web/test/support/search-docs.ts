import type { SearchDocument } from '@parley/core/search';

/** A chat as the search index takes it: one message with `text`. */
export function searchDoc(id: string, text: string): SearchDocument {
  return {
    id,
    title: `Chat ${id}`,
    updatedAt: '2024-01-01T00:00:00.000Z',
    archived: false,
    deleted: false,
    messages: [{ id: `${id}-m`, text }],
  };
}
