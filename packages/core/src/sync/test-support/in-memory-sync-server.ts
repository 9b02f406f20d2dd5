import { parseChat, parseFolder } from '../../entities';
import type { Chat, Folder } from '../../entities';
import { sameJson } from '../canonical-json';
import { mergeChat } from '../merge-chat';
import { mergeRecord, tombstoneOf } from '../merge-record';

/**
 * An in-memory model of the server's sync algorithm for chats and folders, built on the real merge
 * functions: each record keeps the server stamp of its last change; a sync merges what the device
 * sent, stamps what changed, and answers what changed since the device's lastSyncAt plus the merged
 * version of anything the device sent that the merge changed (so it converges in one round trip).
 */
export interface ModelSyncRequest {
  chats: readonly Chat[];
  deletedChatIDs: readonly string[];
  folders: readonly Folder[];
  deletedFolderIDs: readonly string[];
  /** 0 for a full re-sync. */
  lastSyncAt: number;
}

export interface ModelSyncResponse {
  updatedChats: Chat[];
  deletedChatIDs: string[];
  updatedFolders: Folder[];
  deletedFolderIDs: string[];
  lastSyncAt: number;
}

type Stored<T> = { value: T; stamp: number };

class ModelCollection<T extends { id: string; deletedAt: string | null }> {
  readonly rows = new Map<string, Stored<T>>();

  constructor(
    private readonly merge: (a: T, b: T) => T,
    private readonly emptyTombstone: (id: string, at: string) => T,
  ) {}

  apply(incoming: readonly T[], deletedIds: readonly string[], stamp: number, at: string) {
    const echo = new Map<string, T>();
    const sent = new Set<string>();
    const write = (item: T, isDeletion: boolean) => {
      const existing = this.rows.get(item.id)?.value;
      const merged = existing ? this.merge(existing, item) : item;
      if (!existing || !sameJson(existing, merged)) this.rows.set(item.id, { value: merged, stamp });
      sent.add(item.id);
      if (!isDeletion && !sameJson(merged, item)) echo.set(item.id, merged);
    };
    for (const item of incoming) write(item, false);
    for (const id of deletedIds) {
      const existing = this.rows.get(id)?.value;
      write(existing ? (tombstoneOf(existing as never, at) as T) : this.emptyTombstone(id, at), true);
    }
    return { echo, sent };
  }

  changedSince(lastSyncAt: number, sent: ReadonlySet<string>, echo: ReadonlyMap<string, T>) {
    const updated: T[] = [];
    const deleted: string[] = [];
    for (const [id, row] of this.rows) {
      const changed = sent.has(id) ? echo.has(id) : row.stamp > lastSyncAt;
      if (!changed) continue;
      const value = echo.get(id) ?? row.value;
      if (value.deletedAt !== null) deleted.push(id);
      else updated.push(value);
    }
    return { updated, deleted };
  }
}

export class InMemorySyncServer {
  private clock = 0;
  readonly chats = new ModelCollection<Chat>(mergeChat, (id, at) =>
    parseChat({ id, chatID: id, createdAt: at, updatedAt: at, deletedAt: at }),
  );
  readonly folders = new ModelCollection<Folder>(mergeRecord, (id, at) =>
    parseFolder({ id, createdAt: at, updatedAt: at, deletedAt: at }),
  );

  /** `at` is the ISO time deletions by id are stamped with (the server's clock). */
  sync(request: ModelSyncRequest, at: string): ModelSyncResponse {
    this.clock += 1;
    const stamp = this.clock;
    const chats = this.chats.apply(request.chats, request.deletedChatIDs, stamp, at);
    const folders = this.folders.apply(request.folders, request.deletedFolderIDs, stamp, at);
    const chatChanges = this.chats.changedSince(request.lastSyncAt, chats.sent, chats.echo);
    const folderChanges = this.folders.changedSince(request.lastSyncAt, folders.sent, folders.echo);
    return {
      updatedChats: chatChanges.updated,
      deletedChatIDs: chatChanges.deleted,
      updatedFolders: folderChanges.updated,
      deletedFolderIDs: folderChanges.deleted,
      lastSyncAt: stamp,
    };
  }
}
