import type { ChatSummary } from '@parley/core/entities';

/**
 * Spec section 3 names three tag filter modes and nothing more. Our reading:
 * - NONE: no tag filter; every chat is listed.
 * - ALL: a chat is listed when it carries every selected tag.
 * - WITH_TAGS: a chat is listed when it carries at least one selected tag; with no tag selected,
 *   when it carries any tag at all ("chats with tags").
 * ALL with no tag selected lists every chat (an empty requirement is met by all).
 */
export type TagFilterMode = 'NONE' | 'ALL' | 'WITH_TAGS';

export interface TagFilter {
  readonly mode: TagFilterMode;
  readonly tags: readonly string[];
}

export const NO_TAG_FILTER: TagFilter = { mode: 'NONE', tags: [] };

/** A predicate built once per filter, so a 10,000-chat list is filtered without re-reading the filter. */
export function tagFilterPredicate(filter: TagFilter): (chat: Pick<ChatSummary, 'tags'>) => boolean {
  const wanted = [...new Set(filter.tags)];
  switch (filter.mode) {
    case 'NONE':
      return () => true;
    case 'ALL':
      return (chat) => wanted.every((tag) => chat.tags.includes(tag));
    case 'WITH_TAGS':
      return wanted.length === 0
        ? (chat) => chat.tags.length > 0
        : (chat) => chat.tags.some((tag) => wanted.includes(tag));
  }
}

/** Every tag name in use, most used first, then by name (the tag editor's suggestions). */
export function tagsInUse(chats: readonly Pick<ChatSummary, 'tags'>[]): string[] {
  const counts = new Map<string, number>();
  for (const chat of chats) for (const tag of chat.tags) counts.set(tag, (counts.get(tag) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([tag]) => tag);
}
