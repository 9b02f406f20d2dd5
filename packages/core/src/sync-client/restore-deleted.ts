import { newChatId, newFolderId, type Chat, type Folder } from '../entities';
import type { IdGenerator } from '../platform';
import { isStorageError, type StoragePort } from '../storage';
import { rememberChatMove, type RecordMove } from './chat-moves';
import { readSyncState } from './sync-state';

/**
 * Restoring deleted chats and folders without losing to sync (SC22). A deletion never resurrects
 * (MG5, MG7): once the server may hold a tombstone, clearing deletedAt here would be undone by the
 * next sync. Such a record comes back as a copy under a new id instead, and the server's tombstone
 * stays where it is.
 */
export interface RestoreDeps {
  readonly store: StoragePort;
  readonly ids: IdGenerator;
}

/** Where a restored record lives now: `to` is `from` when it was restored in place. */
export type RestoredRecord = RecordMove;

export interface RestoredFolder extends RestoredRecord {
  /** The chats put back into it (SC23). */
  readonly chatIds: readonly string[];
}

type Tombstoned = {
  readonly id: string;
  readonly deletedAt: string | null;
  readonly syncedAt: string | null;
};

/**
 * Whether the server may already hold this deletion: the tombstone was marked synced (syncedAt at
 * or after deletedAt), or its id waits in the pending deletion list, which only holds ids a failed
 * sync carried (the server may or may not have them).
 */
export function deletionMayBeOnServer(record: Tombstoned, pendingIds: readonly string[]): boolean {
  if (record.deletedAt === null) return false;
  if (pendingIds.includes(record.id)) return true;
  return record.syncedAt !== null && record.syncedAt >= record.deletedAt;
}

/**
 * The chat, live, under a new id (same messages, title, folder and tags; updatedAt now, never
 * synced). This device's tombstone of the old id is dropped: the server keeps its own, and
 * Recently Deleted would otherwise still list the chat. The move is remembered so writers and
 * open views holding the old id follow it (SC26); what was written to the old id meanwhile (an
 * answer streaming into it) comes along.
 */
export async function moveChatToNewId(deps: RestoreDeps, chat: Chat): Promise<Chat> {
  const { store } = deps;
  const id = newChatId(deps.ids);
  const copy = await store.chats.put({ ...chat, id, chatID: id, deletedAt: null, syncedAt: null });
  await rememberChatMove(store, { from: chat.id, to: id });
  // Tombstoned first: a write from now on finds the chat moved (updateMovedChat) and goes to the copy.
  const last = await tombstone(store, chat.id, copy.updatedAt);
  await store.chats.purge(chat.id);
  // Compared by content: two writes can share a millisecond. Moves are rare; chats are not copied often.
  const unchanged =
    !last ||
    (last.updatedAt === chat.updatedAt && JSON.stringify(last.messages) === JSON.stringify(chat.messages));
  return unchanged ? copy : store.chats.update(id, (moved) => withMessagesOf(moved, last));
}

/** The chat as last written, now a tombstone; undefined when it is gone already. */
async function tombstone(store: StoragePort, id: string, at: string): Promise<Chat | undefined> {
  try {
    return await store.chats.update(
      id,
      (chat) => (chat.deletedAt === null ? { ...chat, deletedAt: at } : chat),
      {
        touch: false,
      },
    );
  } catch (error) {
    if (isStorageError(error, 'not_found')) return undefined;
    throw error;
  }
}

/** `chat` with the messages of `other` it lacks or holds older, in `other`'s order. */
function withMessagesOf(chat: Chat, other: Chat): Chat {
  const own = new Map(chat.messages.map((message) => [message.id, message]));
  const theirs = new Set(other.messages.map((message) => message.id));
  const merged = other.messages.map((message) => {
    const mine = own.get(message.id);
    return mine && mine.updatedAt >= message.updatedAt ? mine : message;
  });
  return { ...chat, messages: [...merged, ...chat.messages.filter((message) => !theirs.has(message.id))] };
}

/** The folder, live, under a new id; the live chats still filed under the old id follow it. */
export async function moveFolderToNewId(deps: RestoreDeps, folder: Folder): Promise<Folder> {
  const { movedOutChatIDs: _moved, ...fields } = folder;
  const id = newFolderId(deps.ids);
  const copy = await deps.store.folders.put({ ...fields, id, deletedAt: null, syncedAt: null });
  const inside = await deps.store.chats.listSummaries({ folderID: folder.id });
  const chats = await Promise.all(inside.map((summary) => deps.store.chats.get(summary.id)));
  const moved = chats.flatMap((chat) => (chat ? [{ ...chat, folderID: id }] : []));
  if (moved.length > 0) await deps.store.chats.putMany(moved, { touch: true });
  await deps.store.folders.purge(folder.id);
  return copy;
}

/** Restores deleted chats (SC22); ids of chats that are live or gone are left out of the answer. */
export async function restoreDeletedChats(
  deps: RestoreDeps,
  chatIds: readonly string[],
): Promise<RestoredRecord[]> {
  const { pendingDeletions } = await readSyncState(deps.store);
  const restored: RestoredRecord[] = [];
  const inPlace: Chat[] = [];
  for (const id of chatIds) {
    const chat = await deps.store.chats.get(id);
    if (!chat || chat.deletedAt === null) continue;
    if (deletionMayBeOnServer(chat, pendingDeletions.chats)) {
      restored.push({ from: id, to: (await moveChatToNewId(deps, chat)).id });
    } else {
      inPlace.push({ ...chat, deletedAt: null });
      restored.push({ from: id, to: id });
    }
  }
  if (inPlace.length > 0) await deps.store.chats.putMany(inPlace, { touch: true });
  return restored;
}

/**
 * Restores deleted folders (SC22), each with the chats this device moved out of it when deleting
 * it, as far as they are still live and outside any folder (SC23).
 */
export async function restoreDeletedFolders(
  deps: RestoreDeps,
  folderIds: readonly string[],
): Promise<RestoredFolder[]> {
  const { pendingDeletions } = await readSyncState(deps.store);
  const restored: RestoredFolder[] = [];
  for (const id of folderIds) {
    const folder = await deps.store.folders.get(id);
    if (!folder || folder.deletedAt === null) continue;
    const { movedOutChatIDs = [], ...fields } = folder;
    const to = deletionMayBeOnServer(folder, pendingDeletions.folders)
      ? (await moveFolderToNewId(deps, folder)).id
      : (await deps.store.folders.put({ ...fields, deletedAt: null })).id;
    restored.push({ from: id, to, chatIds: await refileChats(deps.store, movedOutChatIDs, to) });
  }
  return restored;
}

/** Puts the chats back into the folder, except those deleted or filed elsewhere meanwhile. */
async function refileChats(
  store: StoragePort,
  chatIds: readonly string[],
  folderID: string,
): Promise<string[]> {
  const chats = await Promise.all(chatIds.map((id) => store.chats.get(id)));
  const loose = chats.filter(
    (chat): chat is Chat => chat !== undefined && chat.deletedAt === null && chat.folderID === null,
  );
  if (loose.length > 0)
    await store.chats.putMany(
      loose.map((chat) => ({ ...chat, folderID })),
      { touch: true },
    );
  return loose.map((chat) => chat.id);
}

/**
 * Records restored in place although their deletion may have reached the server (the restore came
 * while a sync carrying the deletion was out, or after that sync failed) move to a new id, as if
 * restored after the deletion synced (SC24). Returns what moved.
 */
export async function moveRestoredRecordsToNewIds(
  deps: RestoreDeps,
  deletedIds: { readonly chats: readonly string[]; readonly folders: readonly string[] },
): Promise<{ chats: RecordMove[]; folders: RecordMove[] }> {
  const moved: { chats: RecordMove[]; folders: RecordMove[] } = { chats: [], folders: [] };
  for (const id of deletedIds.chats) {
    const chat = await deps.store.chats.get(id);
    if (chat && chat.deletedAt === null)
      moved.chats.push({ from: id, to: (await moveChatToNewId(deps, chat)).id });
  }
  for (const id of deletedIds.folders) {
    const folder = await deps.store.folders.get(id);
    if (folder && folder.deletedAt === null)
      moved.folders.push({ from: id, to: (await moveFolderToNewId(deps, folder)).id });
  }
  return moved;
}
