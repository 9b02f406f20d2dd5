import type {
  EngineChange,
  EngineTransaction,
  RecordEngine,
  StoredRow,
  StorageTable,
  WriteFaults,
} from '@parley/core/storage';
import type { ParleyDatabase } from './parley-idb';
import { StorageChannel } from './storage-channel';

export interface IndexedDbEngineOptions {
  readonly faults?: WriteFaults;
}

function rows(keys: readonly IDBValidKey[], values: readonly unknown[]): StoredRow[] {
  return keys.map((key, index): StoredRow => ({ id: String(key), value: values[index] }));
}

/** The record engine over IndexedDB (through `idb`): real transactions, indexes for the sidebar. */
export class IndexedDbEngine implements RecordEngine {
  readonly kind = 'indexeddb' as const;
  private readonly channel: StorageChannel;

  constructor(
    private readonly db: ParleyDatabase,
    private readonly options: IndexedDbEngineOptions = {},
  ) {
    this.channel = new StorageChannel(db.name);
  }

  get(table: StorageTable, id: string): Promise<unknown> {
    return this.db.get(table, id);
  }

  /**
   * Keys and values in two bulk reads (getAllKeys, getAll) of one read-only transaction: both come
   * in key order from the same snapshot. A cursor over 10,000 summaries costs several times as much.
   */
  async getAll(table: StorageTable): Promise<StoredRow[]> {
    const store = this.db.transaction(table, 'readonly').store;
    const [keys, values] = await Promise.all([store.getAllKeys(), store.getAll()]);
    return rows(keys, values);
  }

  /** The same two bulk reads over an index: primary keys and values, in index order. */
  async getWhere(table: StorageTable, field: string, value: string): Promise<StoredRow[]> {
    const index = this.db.transaction(table, 'readonly').store.index(field);
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
    const transaction = this.db.transaction([...tables], 'readwrite');
    const done = transaction.done;
    // Observed here so an abort never surfaces as an unhandled rejection; awaited below.
    done.catch(() => {});
    const tx: EngineTransaction = {
      get: (table, id) => transaction.objectStore(table).get(id),
      put: async (table, id, value) => {
        options.faults?.beforeWrite(table, id);
        await transaction.objectStore(table).put(value, id);
      },
      delete: async (table, id) => {
        options.faults?.beforeWrite(table, id);
        await transaction.objectStore(table).delete(id);
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
    this.channel.close();
    this.db.close();
  }
}
