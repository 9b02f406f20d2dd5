import { Dexie } from 'dexie';
import type { StorageTable } from '@parley/core/storage';
import { PARLEY_DATABASE_NAME } from './browser-environment';
import type { BrowserStorageEnvironment } from './browser-environment';

/**
 * The IndexedDB schema. One row per record, keyed out-of-line by its id (so even a damaged value
 * keeps its key). Indexes serve the sidebar (chatSummaries) and time ranges; the chats table holds
 * whole chats and is only read one chat at a time.
 */
const SCHEMA_V1: Record<StorageTable, string> = {
  chats: ', updatedAt',
  chatSummaries: ', updatedAt, folderID, favoritedAt, archivedAt, deletedAt, *tags',
  folders: ', updatedAt',
  prompts: ', updatedAt',
  characters: ', updatedAt',
  plugins: ', updatedAt',
  profiles: ', updatedAt',
  memory: ', updatedAt',
  usage: ', recordedAt',
  attachments: ', updatedAt, chatID',
  settings: ', updatedAt',
};

export class ParleyDatabase extends Dexie {
  constructor(name: string = PARLEY_DATABASE_NAME, environment: BrowserStorageEnvironment = {}) {
    super(name, {
      ...(environment.indexedDB ? { indexedDB: environment.indexedDB } : {}),
      ...(environment.IDBKeyRange ? { IDBKeyRange: environment.IDBKeyRange } : {}),
    });
    this.version(1).stores(SCHEMA_V1);
  }
}
