import { wrap, type IDBPDatabase } from 'idb';
import type { StorageTable } from '@parley/core/storage';

/**
 * The IndexedDB schema. One row per record, keyed out-of-line by its id (so even a damaged value
 * keeps its key). Indexes serve the sidebar (chatSummaries) and time ranges; the chats table holds
 * whole chats and is only read one chat at a time. `*` marks a multi-entry index (one entry per
 * list item). Index names equal their key paths.
 */
const SCHEMA: Record<StorageTable, readonly string[]> = {
  chats: ['updatedAt'],
  chatSummaries: ['updatedAt', 'folderID', 'favoritedAt', 'archivedAt', 'deletedAt', '*tags'],
  folders: ['updatedAt'],
  prompts: ['updatedAt'],
  characters: ['updatedAt'],
  plugins: ['updatedAt'],
  profiles: ['updatedAt'],
  memory: ['updatedAt'],
  usage: ['recordedAt'],
  attachments: ['updatedAt', 'chatID'],
  settings: ['updatedAt'],
};

/** The app's schema version. Raise it (and extend `upgrade`) when the layout changes. */
export const PARLEY_SCHEMA_VERSION = 1;
/**
 * The native IndexedDB version of that schema. Earlier releases used Dexie, which stores schema
 * version n as native version 10n; keeping that numbering opens their databases as they are.
 */
export const PARLEY_IDB_VERSION = PARLEY_SCHEMA_VERSION * 10;

export type ParleyDatabase = IDBPDatabase<unknown>;

/** Creates what is missing: every table on a new database, any table or index a partial one lacks. */
function upgrade(db: IDBDatabase, tx: IDBTransaction): void {
  for (const [table, indexes] of Object.entries(SCHEMA)) {
    const store = db.objectStoreNames.contains(table) ? tx.objectStore(table) : db.createObjectStore(table);
    for (const spec of indexes) {
      const multiEntry = spec.startsWith('*');
      const keyPath = multiEntry ? spec.slice(1) : spec;
      if (!store.indexNames.contains(keyPath)) store.createIndex(keyPath, keyPath, { multiEntry });
    }
  }
}

/**
 * Opens (creating or upgrading) the app's database. The connection closes itself when another tab
 * upgrades or deletes the database (Clear All Data), so it never blocks them.
 */
export function openParleyDatabase(factory: IDBFactory, name: string): Promise<ParleyDatabase> {
  return new Promise((resolve, reject) => {
    const request = factory.open(name, PARLEY_IDB_VERSION);
    request.onupgradeneeded = () => upgrade(request.result, request.transaction!);
    request.onsuccess = () => {
      const db = request.result;
      db.onversionchange = () => db.close();
      resolve(wrap(db));
    };
    request.onerror = (event) => {
      // Handled here: the rejection carries it (VersionError for a newer schema, and so on).
      event.preventDefault();
      reject(request.error ?? new Error(`IndexedDB ${name} could not be opened`));
    };
  });
}

/** The tables and index names the schema declares (tests compare them with a real database). */
export function declaredSchema(): Record<StorageTable, readonly string[]> {
  return SCHEMA;
}
