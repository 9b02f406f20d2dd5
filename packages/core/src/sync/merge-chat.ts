import type { Chat } from '../entities';
import { compareVersions, laterOrNull, without } from './merge-order';
import { mergeMessageLists } from './merge-message';
import { assertSameId, LOCAL_ONLY_FIELDS } from './merge-record';

/**
 * Chat-level fields decide the chat-level winner; messages (MG1, MG4) and the selected path (MG12)
 * merge on their own.
 */
const chatLevelFields = (chat: Chat) => without(chat, [...LOCAL_ONLY_FIELDS, 'messages', 'selectedPath']);

/**
 * MG12: the selected path is last-writer-wins by its own updatedAt (ties: the larger canonical
 * JSON), so switching a branch on one device and renaming the chat on another keep both. Any
 * selection beats none.
 */
export function mergeSelectedPath(a: Chat['selectedPath'], b: Chat['selectedPath']): Chat['selectedPath'] {
  if (!a) return b ?? null;
  if (!b) return a;
  return compareVersions(a, b) >= 0 ? a : b;
}

/**
 * A deleted chat keeps its chat-level fields but no messages and no document text (MG5): the
 * tombstone only has to stop the chat coming back, and a small one costs the user no quota.
 */
export function normaliseChat(chat: Chat): Chat {
  if (chat.deletedAt !== null) {
    return chat.messages.length === 0 && chat.documentText === null && chat.selectedPath === null
      ? chat
      : { ...chat, messages: [], documentText: null, selectedPath: null };
  }
  return { ...chat, messages: mergeMessageLists(chat.messages, []) };
}

/**
 * Merges two versions of the same chat, never replacing one with the other wholesale:
 * - messages: union by id, a message edited on both keeps the later updatedAt, message tombstones
 *   win, ordered by createdAt then id (MG1, MG2, MG3, MG6);
 * - chat-level fields (title, folder, model, …): last writer wins by updatedAt (MG4), ties by
 *   canonical JSON (MG8);
 * - the selected path: last writer wins by its own updatedAt (MG12);
 * - a deleted chat stays deleted whatever the other side did (MG5);
 * - syncedAt is the later of the two (MG10).
 * Commutative, associative and idempotent on normalised chats (MG9).
 */
export function mergeChat(a: Chat, b: Chat): Chat {
  assertSameId(a.id, b.id);
  // Tombstones are compared in their normal form, so a stray documentText cannot decide a tie.
  const left = a.deletedAt !== null ? normaliseChat(a) : a;
  const right = b.deletedAt !== null ? normaliseChat(b) : b;
  const winner = compareVersions(left, right, chatLevelFields) >= 0 ? left : right;
  const syncedAt = laterOrNull(a.syncedAt, b.syncedAt);
  if (winner.deletedAt !== null) return { ...winner, syncedAt };
  return {
    ...winner,
    messages: mergeMessageLists(a.messages, b.messages),
    selectedPath: mergeSelectedPath(a.selectedPath, b.selectedPath),
    syncedAt,
  };
}
