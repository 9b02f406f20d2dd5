import { wrap, type IDBPDatabase } from 'idb';
import { splitStoredChat, type StorageTable, type WriteFaults } from '@parley/core/storage';
import { SUMMARY_PACK_TABLE } from './summary-pack';

/**
 * The IndexedDB schema. One row per record, keyed out-of-line by its id (so even a damaged value
 * keeps its key). Indexes serve the sidebar (chatSummaries) and time ranges; the chats table holds
 * each chat's head and `messages` one row per message, keyed by chat and message (storage SPEC MR). `*` marks a multi-entry index (one entry per
 * list item). Index names equal their key paths.
 */
const SCHEMA: Record<StorageTable, readonly string[]> = {
  chats: ['updatedAt'],
  chatSummaries: ['updatedAt', 'folderID', 'favoritedAt', 'archivedAt', 'deletedAt', '*tags'],
  messages: [],
  folders: ['updatedAt'],
  projects: ['updatedAt'],
  knowledgeDocuments: ['updatedAt'],
  prompts: ['updatedAt'],
  characters: ['updatedAt'],
  plugins: ['updatedAt'],
  profiles: ['updatedAt'],
  memory: ['updatedAt'],
  usage: ['recordedAt'],
  attachments: ['updatedAt', 'chatID'],
  settings: ['updatedAt'],
};

/** The engine's own tables (no record of the app's in them, so no index): the packed summaries (PK). */
const ENGINE_TABLES = [SUMMARY_PACK_TABLE] as const;

/**
 * The app's schema version. Raise it (and extend `upgrade`) when the layout changes.
 * 1: one row per chat with its messages. 2: messages are rows of their own (storage SPEC MR).
 * 3: a `projects` table (decision 0104); the upgrade only creates it.
 * 4: a `knowledgeDocuments` table (decision 0131); the upgrade only creates it.
 * 5: a `summaryPack` table, the packed copy of the chat summaries (storage SPEC PK, decision 0155);
 *    the upgrade only creates it (empty: the summaries are read from their table until a pack exists).
 */
export const PARLEY_SCHEMA_VERSION = 5;
/**
 * The native IndexedDB version of that schema. Earlier releases used Dexie, which stores schema
 * version n as native version 10n; keeping that numbering opens their databases as they are.
 */
export const PARLEY_IDB_VERSION = PARLEY_SCHEMA_VERSION * 10;

export type ParleyDatabase = IDBPDatabase<unknown>;

/** A revision stamp for the chats the upgrade splits (any value unique to this upgrade will do). */
function upgradeRevisionBase(): string {
  const bytes = new Uint8Array(8);
  globalThis.crypto.getRandomValues(bytes);
  return `upgrade-${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

/**
 * Schema 2: every chat row that holds its messages becomes a head plus one row per message, inside
 * the upgrade's own transaction: if anything fails or the page closes, IndexedDB rolls the whole
 * upgrade back and the database stays at the earlier version with every row as it was (and the
 * snapshot taken before the upgrade, storage SPEC SN2, stays). A chat that cannot be split without
 * a parse (messages without ids) stays whole; it reads as before and splits on its next save.
 */
function splitWholeChats(tx: IDBTransaction, faults: WriteFaults | undefined): void {
  const chats = tx.objectStore('chats');
  const messages = tx.objectStore('messages');
  const base = upgradeRevisionBase();
  let count = 0;
  const cursorRequest = chats.openCursor();
  cursorRequest.onsuccess = () => {
    const cursor = cursorRequest.result;
    if (!cursor) return;
    const split = splitStoredChat(String(cursor.key), cursor.value, `${base}-${String(count++)}`);
    if (split) {
      for (const row of split.rows) {
        // A throw here (test faults) aborts the upgrade, as any failing request would.
        faults?.beforeWrite('messages', row.key);
        messages.put(row.value, row.key);
      }
      cursor.update(split.head);
    }
    cursor.continue();
  };
}

/** Creates what is missing (every table on a new database, any table or index a partial one lacks), then moves the data. */
function upgrade(db: IDBDatabase, tx: IDBTransaction, oldVersion: number, faults?: WriteFaults): void {
  for (const [table, indexes] of Object.entries(SCHEMA)) {
    const store = db.objectStoreNames.contains(table) ? tx.objectStore(table) : db.createObjectStore(table);
    for (const spec of indexes) {
      const multiEntry = spec.startsWith('*');
      const keyPath = multiEntry ? spec.slice(1) : spec;
      if (!store.indexNames.contains(keyPath)) store.createIndex(keyPath, keyPath, { multiEntry });
    }
  }
  for (const table of ENGINE_TABLES) if (!db.objectStoreNames.contains(table)) db.createObjectStore(table);
  if (oldVersion > 0 && oldVersion < 20) splitWholeChats(tx, faults);
}

/**
 * Opens (creating or upgrading) the app's database. The connection closes itself when another tab
 * upgrades or deletes the database (Clear All Data), so it never blocks them.
 */
export interface OpenParleyDatabaseOptions {
  /** Told when an upgrade starts (the browser answered; the upgrade may take a while). */
  readonly onUpgrade?: () => void;
  /** Test hook: failures injected into the upgrade's writes. */
  readonly faults?: WriteFaults;
}

export function openParleyDatabase(
  factory: IDBFactory,
  name: string,
  options: OpenParleyDatabaseOptions = {},
): Promise<ParleyDatabase> {
  return new Promise((resolve, reject) => {
    const request = factory.open(name, PARLEY_IDB_VERSION);
    request.onupgradeneeded = (event) => {
      options.onUpgrade?.();
      upgrade(request.result, request.transaction!, event.oldVersion, options.faults);
    };
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
