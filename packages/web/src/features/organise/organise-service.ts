import { purgeUnusedAttachments } from '@parley/core/documents';
import type { Chat, Folder } from '@parley/core/entities';
import type { Clock, IdGenerator } from '@parley/core/platform';
import type { StoragePort } from '@parley/core/storage';
import { restoreDeletedChats, restoreDeletedFolders } from '@parley/core/sync-client';
import { isPastRetention } from './retention';

/** Reverts one organise action (one store transaction, like the action itself). */
export type Undo = () => Promise<void>;

/** The fields an organise action may change on a chat; undo puts back exactly these. */
type OrganiseFields = Pick<
  Chat,
  'folderID' | 'tags' | 'favoritedAt' | 'archivedAt' | 'deletedAt' | 'chatTitle'
>;

function organiseFields(chat: Chat): OrganiseFields {
  const { folderID, tags, favoritedAt, archivedAt, deletedAt, chatTitle } = chat;
  return { folderID, tags, favoritedAt, archivedAt, deletedAt, chatTitle };
}

export interface OrganiseDeps {
  readonly store: StoragePort;
  readonly clock: Clock;
  readonly ids: IdGenerator;
}

export type OrganiseService = ReturnType<typeof createOrganiseService>;

/**
 * Folder, tag, pin, archive and delete actions over the storage port. Every action on several
 * chats is one `putMany` (all-or-nothing) and returns one Undo for all of them. Writes stamp
 * updatedAt so sync carries them to other devices. Restores (and the undo of a delete) go through
 * core's rules, so a deletion sync already carried does not take the record away again (SC22).
 */
export function createOrganiseService({ store, clock, ids }: OrganiseDeps) {
  const nowIso = () => new Date(clock.now()).toISOString();
  const restoreDeps = { store, ids };

  async function readChats(chatIds: readonly string[]): Promise<Chat[]> {
    const chats = await Promise.all(chatIds.map((id) => store.chats.get(id)));
    return chats.filter((chat): chat is Chat => chat !== undefined);
  }

  /** Applies `edit` to every chat in one transaction; the undo restores their organise fields. */
  async function changeChats(chatIds: readonly string[], edit: (chat: Chat) => Chat): Promise<Undo> {
    const before = await readChats(chatIds);
    if (before.length === 0) return async () => {};
    await store.chats.putMany(before.map(edit), { touch: true });
    const saved = new Map(before.map((chat) => [chat.id, organiseFields(chat)]));
    return async () => {
      const current = await readChats([...saved.keys()]);
      await store.chats.putMany(
        current.map((chat) => ({ ...chat, ...saved.get(chat.id) })),
        { touch: true },
      );
    };
  }

  async function liveFolders(): Promise<Folder[]> {
    return (await store.folders.list()).sort((a, b) => a.order - b.order);
  }

  async function deleteChats(chatIds: readonly string[]): Promise<Undo> {
    const live = (await readChats(chatIds)).filter((chat) => chat.deletedAt === null);
    if (live.length === 0) return async () => {};
    const deletedAt = nowIso();
    await store.chats.putMany(
      live.map((chat) => ({ ...chat, deletedAt })),
      { touch: true },
    );
    const deleted = live.map((chat) => chat.id);
    return async () => void (await restoreDeletedChats(restoreDeps, deleted));
  }

  /**
   * Deleting a folder keeps its chats: they move out of it first, then the folder is tombstoned,
   * remembering them so that a restore puts them back (SC23). Undo is that restore.
   */
  async function deleteFolder(folderId: string): Promise<Undo> {
    const folder = await store.folders.get(folderId);
    if (!folder || folder.deletedAt !== null) return async () => {};
    const inside = await store.chats.listSummaries({ folderID: folderId, includeDeleted: true });
    const movedOutChatIDs = inside.map((chat) => chat.id);
    await changeChats(movedOutChatIDs, (chat) => ({ ...chat, folderID: null }));
    await store.folders.put({ ...folder, deletedAt: nowIso(), movedOutChatIDs });
    return async () => void (await restoreDeletedFolders(restoreDeps, [folderId]));
  }

  return {
    changeChats,

    setPinned: (chatIds: readonly string[], pinned: boolean) =>
      changeChats(chatIds, (chat) => ({ ...chat, favoritedAt: pinned ? nowIso() : null })),

    rename: (chatId: string, title: string) =>
      changeChats([chatId], (chat) => ({ ...chat, chatTitle: title.trim() || chat.chatTitle })),

    /** folderID null: out of every folder. */
    moveToFolder: (chatIds: readonly string[], folderID: string | null) =>
      changeChats(chatIds, (chat) => ({ ...chat, folderID })),

    addTag: (chatIds: readonly string[], name: string) => {
      const tag = name.trim();
      return changeChats(chatIds, (chat) =>
        tag === '' || chat.tags.some((t) => t.name === tag)
          ? chat
          : { ...chat, tags: [...chat.tags, { name: tag }] },
      );
    },

    removeTag: (chatIds: readonly string[], name: string) =>
      changeChats(chatIds, (chat) => ({ ...chat, tags: chat.tags.filter((t) => t.name !== name) })),

    setArchived: (chatIds: readonly string[], archived: boolean) =>
      changeChats(chatIds, (chat) => ({ ...chat, archivedAt: archived ? nowIso() : null })),

    /**
     * A tombstone (deletedAt): the chat moves to Recently Deleted; the messages are kept for
     * restore. Undo is a restore (SC22).
     */
    delete: (chatIds: readonly string[]) => deleteChats(chatIds),

    /**
     * Back from Recently Deleted. A chat whose deletion may already be on the server comes back
     * under a new id (SC22); undo deletes the chats again, whichever id they have now.
     */
    async restore(chatIds: readonly string[]): Promise<Undo> {
      const restored = await restoreDeletedChats(restoreDeps, chatIds);
      const back = restored.map((record) => record.to);
      return async () => void (await deleteChats(back));
    },

    async deleteForever(chatIds: readonly string[]): Promise<void> {
      for (const id of chatIds) await store.chats.purge(id);
      // The pictures only these chats showed go with them (DO9).
      await purgeUnusedAttachments(store, clock.now());
    },

    /** The chats as one JSON document (the export format: an array of stored chats). */
    async exportJson(chatIds: readonly string[]): Promise<string> {
      return JSON.stringify({ exportedAt: nowIso(), chats: await readChats(chatIds) }, null, 2);
    },

    liveFolders,

    async createFolder(title: string): Promise<Folder> {
      const folders = await liveFolders();
      const order = folders.reduce((max, folder) => Math.max(max, folder.order), -1) + 1;
      const now = nowIso();
      return store.folders.put({
        schemaVersion: 1,
        id: `folder-${ids.randomId()}`,
        title: title.trim(),
        order,
        createdAt: now,
        updatedAt: now,
        deletedAt: null,
        syncedAt: null,
      });
    },

    async renameFolder(folderId: string, title: string): Promise<void> {
      const folder = await store.folders.get(folderId);
      if (folder && title.trim() !== '') await store.folders.put({ ...folder, title: title.trim() });
    },

    /** Moves a folder to `toIndex` among the live folders and renumbers them all (one transaction). */
    async reorderFolder(folderId: string, toIndex: number): Promise<void> {
      const folders = await liveFolders();
      const from = folders.findIndex((folder) => folder.id === folderId);
      const moving = folders[from];
      if (!moving) return;
      const rest = folders.filter((folder) => folder.id !== folderId);
      const target = Math.max(0, Math.min(rest.length, toIndex));
      rest.splice(target, 0, moving);
      const changed = rest
        .map((folder, order) => ({ ...folder, order }))
        .filter((folder, order) => folders.find((f) => f.id === folder.id)?.order !== order);
      if (changed.length > 0) await store.folders.putMany(changed, { touch: true });
    },

    deleteFolder,

    /** Back from Recently Deleted with its chats (SC22, SC23); undo deletes it again. */
    async restoreFolder(folderId: string): Promise<Undo> {
      const [restored] = await restoreDeletedFolders(restoreDeps, [folderId]);
      return async () => void (restored && (await deleteFolder(restored.to)));
    },

    async deleteFolderForever(folderId: string): Promise<void> {
      await store.folders.purge(folderId);
    },

    /** On start: chats and folders deleted 30 days ago or more are removed for good. */
    async purgeExpiredTombstones(): Promise<{ chats: number; folders: number }> {
      const now = clock.now();
      const chats = (await store.chats.listSummaries({ includeDeleted: true })).filter((chat) =>
        isPastRetention(chat.deletedAt, now),
      );
      for (const chat of chats) await store.chats.purge(chat.id);
      const folders = (await store.folders.list({ includeDeleted: true })).filter((folder) =>
        isPastRetention(folder.deletedAt, now),
      );
      for (const folder of folders) await store.folders.purge(folder.id);
      if (chats.length > 0) await purgeUnusedAttachments(store, now);
      return { chats: chats.length, folders: folders.length };
    },
  };
}
