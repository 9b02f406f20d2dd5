import { SEARCH_DATABASE_NAME } from '@parley/core/search';
import type { IndexedChatRecord } from '@parley/core/search';

/**
 * The search feature's own IndexedDB database (never the app's): the persisted index, so a start
 * re-indexes only the chats that changed since (SE17, decision 0081). Two tables:
 * - `entries`: one IndexedChatRecord per chat (normalised text, filters, ids), read back whole at
 *   start;
 * - `texts`: each chat's original message texts, read only for the few results shown (previews),
 *   so the worker does not hold 100 MB of original text.
 * It is a cache: anything wrong with it (a newer layout, a failed open, damaged rows) is dropped
 * and rebuilt from the chats, never shown to the user. Clear All Data deletes it
 * (SEARCH_DATABASE_NAME comes from core so that the storage adapter can name it).
 */
/** The layout of the tables (not of the index: records carry SEARCH_INDEX_FORMAT). */
const SEARCH_DATABASE_VERSION = 1;
const ENTRIES = 'entries';
const TEXTS = 'texts';
/** Records read per request while loading: small enough that each read and insert is a short slice. */
const READ_BATCH = 400;

/** A chat's original message texts, as of `updatedAt` (message i of its entry). */
export interface StoredChatTexts {
  readonly id: string;
  readonly updatedAt: string;
  readonly texts: readonly string[];
}

export interface SearchIndexDatabase {
  /** Every persisted record (unparsed), in batches; each batch is handled before the next is read. */
  readAll(onBatch: (values: readonly unknown[]) => Promise<void>): Promise<void>;
  /** Writes records (and texts) and deletes ids, in one transaction. */
  write(change: {
    readonly records: readonly IndexedChatRecord[];
    readonly texts: readonly StoredChatTexts[];
    readonly deleted: readonly string[];
  }): Promise<void>;
  /** The texts of these chats, in order; undefined where none are stored. */
  readTexts(ids: readonly string[]): Promise<(StoredChatTexts | undefined)[]>;
  /** Empties both tables (a format change or a damaged database). */
  clear(): Promise<void>;
  close(): void;
}

function requestResult<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

function transactionDone(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });
}

function open(factory: IDBFactory, name: string): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = factory.open(name, SEARCH_DATABASE_VERSION);
    request.onupgradeneeded = () => {
      const db = request.result;
      for (const table of [ENTRIES, TEXTS]) {
        if (!db.objectStoreNames.contains(table)) db.createObjectStore(table, { keyPath: 'id' });
      }
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = (event) => {
      event.preventDefault();
      reject(request.error ?? new Error(`IndexedDB ${name} could not be opened`));
    };
    request.onblocked = () => reject(new Error(`IndexedDB ${name} is blocked`));
  });
}

function deleteDatabase(factory: IDBFactory, name: string): Promise<void> {
  return new Promise((resolve) => {
    const request = factory.deleteDatabase(name);
    request.onsuccess = request.onerror = request.onblocked = () => resolve();
  });
}

/**
 * Opens (or creates) the search database. A database this build cannot open (a newer layout,
 * damage) is deleted and created afresh; rejects only when even that fails (the index then
 * simply is not persisted).
 */
export async function openSearchIndexDatabase(
  factory: IDBFactory,
  keyRange: typeof IDBKeyRange,
  name = SEARCH_DATABASE_NAME,
): Promise<SearchIndexDatabase> {
  let db: IDBDatabase;
  try {
    db = await open(factory, name);
    if (!db.objectStoreNames.contains(ENTRIES) || !db.objectStoreNames.contains(TEXTS)) {
      db.close();
      throw new Error('search database lacks its tables');
    }
  } catch {
    await deleteDatabase(factory, name);
    db = await open(factory, name);
  }
  let closed = false;
  // Clear All Data (or a newer build) deletes or upgrades it: step aside at once.
  db.onversionchange = () => {
    closed = true;
    db.close();
  };
  const live = (): IDBDatabase => {
    if (closed) throw new Error('search database closed');
    return db;
  };

  return {
    async readAll(onBatch) {
      let after: IDBValidKey | undefined;
      for (;;) {
        const store = live().transaction(ENTRIES, 'readonly').objectStore(ENTRIES);
        const range = after === undefined ? undefined : keyRange.lowerBound(after, true);
        const values = await requestResult(store.getAll(range, READ_BATCH));
        if (values.length === 0) return;
        after = (values[values.length - 1] as { id: IDBValidKey }).id;
        await onBatch(values);
        if (values.length < READ_BATCH) return;
      }
    },
    async write({ records, texts, deleted }) {
      if (records.length === 0 && texts.length === 0 && deleted.length === 0) return;
      const tx = live().transaction([ENTRIES, TEXTS], 'readwrite');
      const done = transactionDone(tx);
      const entries = tx.objectStore(ENTRIES);
      const textTable = tx.objectStore(TEXTS);
      for (const id of deleted) {
        entries.delete(id);
        textTable.delete(id);
      }
      for (const record of records) entries.put(record);
      for (const item of texts) textTable.put(item);
      await done;
    },
    async readTexts(ids) {
      if (ids.length === 0) return [];
      const store = live().transaction(TEXTS, 'readonly').objectStore(TEXTS);
      const values = await Promise.all(ids.map((id) => requestResult(store.get(id))));
      return values.map((value) => validTexts(value));
    },
    async clear() {
      const tx = live().transaction([ENTRIES, TEXTS], 'readwrite');
      const done = transactionDone(tx);
      tx.objectStore(ENTRIES).clear();
      tx.objectStore(TEXTS).clear();
      await done;
    },
    close() {
      closed = true;
      db.close();
    },
  };
}

function validTexts(value: unknown): StoredChatTexts | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const item = value as Partial<StoredChatTexts>;
  if (typeof item.id !== 'string' || typeof item.updatedAt !== 'string' || !Array.isArray(item.texts))
    return undefined;
  return item.texts.every((text) => typeof text === 'string') ? (item as StoredChatTexts) : undefined;
}
