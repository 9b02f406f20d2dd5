import type { Chat, Folder } from '../../entities';
import { mergeChat } from '../merge-chat';
import { mergeRecord, tombstoneOf } from '../merge-record';
import type { InMemorySyncServer } from './in-memory-sync-server';

/**
 * A simulated browser for sync property tests: local chats and folders, the ids changed since its
 * last sync, pending deletions by id, and its lastSyncAt. It syncs the way the client protocol
 * does: send what changed, merge what comes back.
 */
export class ModelDevice {
  readonly chats = new Map<string, Chat>();
  readonly folders = new Map<string, Folder>();
  private readonly dirtyChats = new Set<string>();
  private readonly dirtyFolders = new Set<string>();
  private readonly deletedChatIDs = new Set<string>();
  private readonly deletedFolderIDs = new Set<string>();
  private lastSyncAt = 0;

  constructor(readonly name: string) {}

  putChat(chat: Chat): void {
    this.chats.set(chat.id, chat);
    this.dirtyChats.add(chat.id);
  }

  deleteChat(id: string, at: string): void {
    const chat = this.chats.get(id);
    if (chat) this.putChat(tombstoneOf(chat, at));
    this.deletedChatIDs.add(id);
  }

  putFolder(folder: Folder): void {
    this.folders.set(folder.id, folder);
    this.dirtyFolders.add(folder.id);
  }

  deleteFolder(id: string, at: string): void {
    const folder = this.folders.get(id);
    if (folder) this.putFolder(tombstoneOf(folder, at));
    this.deletedFolderIDs.add(id);
  }

  liveChats(): Chat[] {
    return [...this.chats.values()].filter((chat) => chat.deletedAt === null);
  }

  /** `fullResync` sends everything and asks for everything, as after "resync" in settings. */
  sync(server: InMemorySyncServer, at: string, fullResync = false): void {
    const chatIds = fullResync ? [...this.chats.keys()] : [...this.dirtyChats];
    const folderIds = fullResync ? [...this.folders.keys()] : [...this.dirtyFolders];
    const response = server.sync(
      {
        chats: chatIds.map((id) => this.chats.get(id)!),
        deletedChatIDs: [...this.deletedChatIDs],
        folders: folderIds.map((id) => this.folders.get(id)!),
        deletedFolderIDs: [...this.deletedFolderIDs],
        lastSyncAt: fullResync ? 0 : this.lastSyncAt,
      },
      at,
    );
    this.dirtyChats.clear();
    this.dirtyFolders.clear();
    this.deletedChatIDs.clear();
    this.deletedFolderIDs.clear();
    for (const chat of response.updatedChats) {
      const local = this.chats.get(chat.id);
      this.chats.set(chat.id, local ? mergeChat(local, chat) : chat);
    }
    for (const folder of response.updatedFolders) {
      const local = this.folders.get(folder.id);
      this.folders.set(folder.id, local ? mergeRecord(local, folder) : folder);
    }
    for (const id of response.deletedChatIDs) {
      const local = this.chats.get(id);
      if (local) this.chats.set(id, tombstoneOf(local, at));
    }
    for (const id of response.deletedFolderIDs) {
      const local = this.folders.get(id);
      if (local) this.folders.set(id, tombstoneOf(local, at));
    }
    this.lastSyncAt = response.lastSyncAt;
  }
}
