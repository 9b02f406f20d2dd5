import type { Message } from './message';

/**
 * BR7: chats stored before messages formed a tree are one path. A message without a `parentId`
 * (every message of such a chat, or one an older app added later) follows the live message before
 * it in the list; the first one is a root. Tombstones are linked the same way but never become a
 * parent, so the messages around an old deleted message stay on one path. Deterministic, so two
 * devices linking the same chat agree (sync merges messages by id and the link is part of them).
 */
export function linkUnlinkedMessages<T extends Pick<Message, 'id' | 'parentId' | 'deletedAt'>>(
  messages: readonly T[],
): T[] {
  let previousLive: string | null = null;
  let changed = false;
  const linked = messages.map((message) => {
    const next = message.parentId === undefined ? { ...message, parentId: previousLive } : message;
    if (next !== message) changed = true;
    if (typeof message.deletedAt !== 'string') previousLive = message.id;
    return next;
  });
  return changed ? linked : (messages as T[]);
}
