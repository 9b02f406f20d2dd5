import type {
  EngineChange,
  EngineReader,
  EngineTransaction,
  PackSummariesOptions,
  RecordEngine,
  StoredRow,
  StorageTable,
  SummaryPackOutcome,
  WriteFaults,
} from '@parley/core/storage';
import type { ParleyDatabase } from './parley-idb';
import { prefixRange } from './key-ranges';
import { StorageChannel } from './storage-channel';
import {
  dirtyKey,
  dirtyRange,
  dirtyRowRange,
  dirtyStamps,
  partRange,
  SUMMARY_PACK_TABLE,
  summariesFromPack,
} from './summary-pack';

/** The app's tables and the engine's own (the packed summaries). */
export type EngineTable = StorageTable | typeof SUMMARY_PACK_TABLE;

export interface IndexedDbEngineOptions {
  readonly faults?: WriteFaults;
  /**
   * Opens the database again. Browsers close connections on their own (Safari in a background tab,
   * Chromium after sleep, another tab's upgrade); without this every later read and write would fail
   * until a reload.
   */
  readonly reopen?: () => Promise<ParleyDatabase>;
}

/**
 * Dirty entries read with the packed summaries' parts (PK1): a pass repacks past 200, so a start with
 * parts finds fewer; more are read in a second request.
 */
const DIRTY_READ_AT_ONCE = 256;

/** Read requests created in one task by getMany. */
export const MULTI_GET_SLICE = 25;

/** What `db.transaction()` throws once the connection is closing or closed. */
function isClosedConnection(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'InvalidStateError';
}

function rows(keys: readonly IDBValidKey[], values: readonly unknown[]): StoredRow[] {
  return keys.map((key, index): StoredRow => ({ id: String(key), value: values[index] }));
}

/** The reads every transaction offers, over an idb transaction's stores. */
function readerOf(transaction: {
  objectStore(name: StorageTable): {
    get(key: IDBValidKey): Promise<unknown>;
    getAll(query?: IDBKeyRange): Promise<unknown[]>;
    getAllKeys(query?: IDBKeyRange): Promise<IDBValidKey[]>;
  };
}): EngineReader {
  return {
    get: (table, id) => transaction.objectStore(table).get(id),
    getAll: async (table) => {
      const store = transaction.objectStore(table);
      const [keys, values] = await Promise.all([store.getAllKeys(), store.getAll()]);
      return rows(keys, values);
    },
    getPrefix: async (table, prefix) => {
      const store = transaction.objectStore(table);
      const range = prefixRange(prefix);
      const [keys, values] = await Promise.all([store.getAllKeys(range), store.getAll(range)]);
      return rows(keys, values);
    },
  };
}

/** The record engine over IndexedDB (through `idb`): real transactions, indexes for the sidebar. */
export class IndexedDbEngine implements RecordEngine {
  readonly kind = 'indexeddb' as const;
  private readonly channel: StorageChannel;

  private db: ParleyDatabase;
  private reopening: Promise<ParleyDatabase> | undefined;
  private closed = false;
  private readonly stamp = dirtyStamps();
  /** The packed summaries were found but could not be read: the next packing pass replaces them. */
  private packUnreadable = false;

  constructor(
    db: ParleyDatabase,
    private readonly options: IndexedDbEngineOptions = {},
  ) {
    this.db = db;
    this.channel = new StorageChannel(db.name);
  }

  /**
   * A transaction on the current connection; when the browser has closed it, one reopen and a
   * second try (nothing was requested yet, so nothing is repeated).
   */
  private async transaction<Mode extends IDBTransactionMode>(
    tables: EngineTable | EngineTable[],
    mode: Mode,
  ) {
    try {
      return this.db.transaction(tables, mode);
    } catch (error) {
      if (!isClosedConnection(error) || !this.options.reopen || this.closed) throw error;
      const stale = this.db;
      this.reopening ??= this.options.reopen().finally(() => (this.reopening = undefined));
      const fresh = await this.reopening;
      if (this.db === stale) this.db = fresh;
      return this.db.transaction(tables, mode);
    }
  }

  async get(table: StorageTable, id: string): Promise<unknown> {
    const tx = await this.transaction(table, 'readonly');
    tx.done.catch(() => {});
    return tx.objectStore(table).get(id);
  }

  /**
   * Every id's value from one read-only transaction (one snapshot). The requests go out
   * MULTI_GET_SLICE at a time, the next slice from the previous one's answers (the transaction stays
   * active there): creating 200 requests at once took the page 50-200 ms in one task.
   */
  async getMany(table: StorageTable, ids: readonly string[]): Promise<unknown[]> {
    if (ids.length === 0) return [];
    const tx = await this.transaction(table, 'readonly');
    tx.done.catch(() => {});
    const store = tx.objectStore(table);
    const values: unknown[] = [];
    for (let start = 0; start < ids.length; start += MULTI_GET_SLICE) {
      const slice = ids.slice(start, start + MULTI_GET_SLICE);
      values.push(...(await Promise.all(slice.map((id) => store.get(id)))));
    }
    return values;
  }

  /**
   * Keys and values in two bulk reads (getAllKeys, getAll) of one read-only transaction: both come
   * in key order from the same snapshot. A cursor over 10,000 summaries costs several times as much,
   * and so does getAllRecords where the browser has it (one request, but its records' values are
   * read one by one afterwards: 0.5-1.3 s for 10,000 summaries against 0.2-0.4 s, decision 0148).
   */
  async getAll(table: StorageTable): Promise<StoredRow[]> {
    if (table === 'chatSummaries') return this.summaryRows();
    const tx = await this.transaction(table, 'readonly');
    tx.done.catch(() => {});
    const store = tx.objectStore(table);
    const [keys, values] = await Promise.all([store.getAllKeys(), store.getAll()]);
    return rows(keys, values);
  }

  /**
   * Every summary row: the packed copy with the rows written since laid over it (storage SPEC PK),
   * one read of a few records; without a whole copy, the table itself, in the same transaction.
   */
  private async summaryRows(): Promise<StoredRow[]> {
    const tx = await this.transaction(['chatSummaries', SUMMARY_PACK_TABLE], 'readonly');
    tx.done.catch(() => {});
    const pack = tx.objectStore(SUMMARY_PACK_TABLE);
    // Both in one round trip (at start each answer also waits for the task the page is running); a
    // few dirty entries read for nothing where there are no parts cost less than a second trip.
    const [parts, dirty] = await Promise.all([
      pack.getAll(partRange()),
      pack.getAll(dirtyRange(), DIRTY_READ_AT_ONCE),
    ]);
    if (parts.length > 0) {
      const all = dirty.length < DIRTY_READ_AT_ONCE ? dirty : await pack.getAll(dirtyRange());
      const packed = summariesFromPack(parts, all);
      if (packed) return packed;
      this.packUnreadable = true;
    }
    const store = tx.objectStore('chatSummaries');
    const [keys, values] = await Promise.all([store.getAllKeys(), store.getAll()]);
    return rows(keys, values);
  }

  /** Storage SPEC PK: the packed copy of the summaries, rebuilt when missing or far behind (its own chunk). */
  async packSummaries(options?: PackSummariesOptions): Promise<SummaryPackOutcome> {
    const { packSummaries } = await import('./summary-pack-build');
    const outcome = await packSummaries((tables, mode) => this.transaction(tables, mode), {
      ...options,
      unreadable: this.packUnreadable,
    });
    if (outcome === 'packed') this.packUnreadable = false;
    return outcome;
  }

  async getPrefix(table: StorageTable, prefix: string): Promise<StoredRow[]> {
    return this.read([table], (tx) => tx.getPrefix(table, prefix));
  }

  /** One read-only transaction over `tables`: every read in `work` sees the same snapshot. */
  async read<T>(tables: readonly StorageTable[], work: (tx: EngineReader) => Promise<T>): Promise<T> {
    const transaction = await this.transaction([...tables], 'readonly');
    transaction.done.catch(() => {});
    return work(readerOf(transaction));
  }

  /** The same two bulk reads over an index: primary keys and values, in index order. */
  async getWhere(table: StorageTable, field: string, value: string): Promise<StoredRow[]> {
    const tx = await this.transaction(table, 'readonly');
    tx.done.catch(() => {});
    const index = tx.objectStore(table).index(field);
    const [keys, values] = await Promise.all([index.getAllKeys(value), index.getAll(value)]);
    return rows(keys, values);
  }

  /**
   * One read-write transaction around `work`. `work` may only await this transaction's requests
   * (a native IndexedDB transaction commits once no request is pending); if it throws, the
   * transaction is aborted and none of its writes is kept.
   */
  async transact<T>(
    tables: readonly StorageTable[],
    work: (tx: EngineTransaction) => Promise<T>,
  ): Promise<T> {
    const { options } = this;
    // A write of a summary also notes it for the packed copy, in the same transaction (PK).
    const packed = tables.includes('chatSummaries');
    const scope: EngineTable[] = packed ? [...tables, SUMMARY_PACK_TABLE] : [...tables];
    const transaction = await this.transaction(scope, 'readwrite');
    const done = transaction.done;
    // Observed here so an abort never surfaces as an unhandled rejection; awaited below.
    done.catch(() => {});
    // A fault aborts the transaction at once, as a failed request does, so a commit asked for after
    // it (MR12) cannot keep the writes before it.
    const injectFault = (table: StorageTable, id: string) => {
      try {
        options.faults?.beforeWrite(table, id);
      } catch (error) {
        try {
          transaction.abort();
        } catch {
          // Already aborted.
        }
        throw error;
      }
    };
    // The row's dirty entry replaces its earlier one, under a new stamp (summary-pack.ts).
    const noteSummary = (id: string, entry: { id: string; value?: object }) => {
      const pack = transaction.objectStore(SUMMARY_PACK_TABLE);
      return Promise.all([pack.delete(dirtyRowRange(id)), pack.put(entry, dirtyKey(id, this.stamp()))]);
    };
    const tx: EngineTransaction = {
      ...readerOf(transaction),
      keysWithPrefix: async (table, prefix) =>
        (await transaction.objectStore(table).getAllKeys(prefixRange(prefix))).map(String),
      put: async (table, id, value) => {
        injectFault(table, id);
        const stored = transaction.objectStore(table).put(value, id);
        await (table === 'chatSummaries' ? Promise.all([stored, noteSummary(id, { id, value })]) : stored);
      },
      delete: async (table, id) => {
        injectFault(table, id);
        const deleted = transaction.objectStore(table).delete(id);
        await (table === 'chatSummaries' ? Promise.all([deleted, noteSummary(id, { id })]) : deleted);
      },
      commit: () => {
        try {
          transaction.commit?.();
        } catch {
          // Already aborted (a failed request) or finished: `done` says which.
        }
      },
    };
    let result: T;
    try {
      result = await work(tx);
    } catch (error) {
      try {
        transaction.abort();
      } catch {
        // Already aborted by the failed request.
      }
      // A failed request aborts the transaction; its error (QuotaExceededError...) says why.
      throw transaction.error ?? error;
    }
    await done;
    return result;
  }

  announce(change: EngineChange): void {
    this.channel.post(change);
  }

  watch(listener: (change: EngineChange) => void): () => void {
    return this.channel.subscribe(listener);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.channel.close();
    this.db.close();
  }
}
