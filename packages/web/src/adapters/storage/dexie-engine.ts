import type {
  EngineChange,
  EngineTransaction,
  RecordEngine,
  StoredRow,
  StorageTable,
  WriteFaults,
} from '@parley/core/storage';
import type { ParleyDatabase } from './parley-database';
import { StorageChannel } from './storage-channel';

type RunTransaction<T = unknown> = (
  mode: 'r' | 'rw',
  tables: string[],
  scope: () => Promise<T>,
) => Promise<T>;

export interface DexieEngineOptions {
  readonly faults?: WriteFaults;
}

/** The record engine over IndexedDB (Dexie): real transactions, indexes for the sidebar queries. */
export class DexieEngine implements RecordEngine {
  readonly kind = 'indexeddb' as const;
  private readonly channel: StorageChannel;

  constructor(
    private readonly db: ParleyDatabase,
    private readonly options: DexieEngineOptions = {},
  ) {
    this.channel = new StorageChannel(db.name);
  }

  get(table: StorageTable, id: string): Promise<unknown> {
    return this.db.table(table).get(id);
  }

  /**
   * Keys and values in two bulk reads (getAllKeys, getAll) of one read-only transaction: both come
   * in key order from the same snapshot. A cursor over 10,000 summaries costs several times as much.
   */
  getAll(table: StorageTable): Promise<StoredRow[]> {
    return new Promise((resolve, reject) => {
      const tx = this.db.backendDB().transaction(table, 'readonly');
      const store = tx.objectStore(table);
      const keys = store.getAllKeys();
      const values = store.getAll();
      tx.oncomplete = () =>
        resolve(
          keys.result.map((key, index): StoredRow => ({ id: String(key), value: values.result[index] })),
        );
      tx.onerror = tx.onabort = () => reject(tx.error ?? keys.error ?? values.error);
    });
  }

  async getWhere(table: StorageTable, field: string, value: string): Promise<StoredRow[]> {
    const rows: StoredRow[] = [];
    await this.db
      .table(table)
      .where(field)
      .equals(value)
      .each((row: unknown, cursor) => rows.push({ id: String(cursor.primaryKey), value: row }));
    return rows;
  }

  transact<T>(tables: readonly StorageTable[], work: (tx: EngineTransaction) => Promise<T>): Promise<T> {
    const { db, options } = this;
    // Each method hands back Dexie's own promise (no extra async wrapper), so Dexie can follow the
    // awaits inside `work` and keep the IndexedDB transaction open until the last request.
    const tx: EngineTransaction = {
      get: (table, id) => db.table(table).get(id),
      put: (table, id, value) => {
        options.faults?.beforeWrite(table, id);
        return db
          .table(table)
          .put(value, id)
          .then(() => undefined);
      },
      delete: (table, id) => {
        options.faults?.beforeWrite(table, id);
        return db.table(table).delete(id);
      },
    };
    // (Dexie's own overloads make TypeScript recurse too deeply on a generic result; hence the cast.)
    const transaction = db.transaction.bind(db) as unknown as RunTransaction;
    return transaction('rw', [...tables], () => work(tx)) as Promise<T>;
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
