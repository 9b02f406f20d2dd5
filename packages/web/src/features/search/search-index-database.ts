import { SEARCH_DATABASE_NAME } from '@parley/core/search';
import type { IndexedChatRecord } from '@parley/core/search';

/**
 * The search feature's own IndexedDB database (never the app's): the persisted index, so a start
 * re-indexes only the chats that changed since (SE17, decision 0081). One table, `entries`: one
 * IndexedChatRecord per chat (normalised text, filters, ids), read back whole at start. It is a
 * cache: anything wrong with it (a newer layout, a failed open, damaged rows) is dropped
 * and rebuilt from the chats, never shown to the user. Clear All Data deletes it
 * (SEARCH_DATABASE_NAME comes from core so that the storage adapter can name it).
 */
/** The layout of the tables (not of the index: records carry SEARCH_INDEX_FORMAT). */
const SEARCH_DATABASE_VERSION = 1;
const ENTRIES = 'entries';
/** Records read per request while loading: small enough that each read and insert is a short slice. */
const READ_BATCH = 400;

export interface SearchIndexDatabase {
  /** Every persisted record (unparsed), in batches; each batch is handled before the next is read. */
  readAll(onBatch: (values: readonly unknown[]) => Promise<void>): Promise<void>;
  /** Deletes ids, then writes records, in one transaction. */
  write(change: {
    readonly records: readonly IndexedChatRecord[];
    readonly deleted: readonly string[];
  }): Promise<void>;
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
      if (!db.objectStoreNames.contains(ENTRIES)) db.createObjectStore(ENTRIES, { keyPath: 'id' });
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
    if (!db.objectStoreNames.contains(ENTRIES)) {
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
    async write({ records, deleted }) {
      if (records.length === 0 && deleted.length === 0) return;
      const tx = live().transaction(ENTRIES, 'readwrite');
      const done = transactionDone(tx);
      const entries = tx.objectStore(ENTRIES);
      for (const id of deleted) entries.delete(id);
      for (const record of records) entries.put(record);
      await done;
    },
    close() {
      closed = true;
      db.close();
    },
  };
}
