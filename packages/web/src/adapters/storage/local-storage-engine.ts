import { UnreadableValue } from '@parley/core/storage';
import type {
  EngineChange,
  EngineReader,
  EngineTransaction,
  RecordEngine,
  StoredRow,
  StorageTable,
  WriteFaults,
} from '@parley/core/storage';
import { bytesReplacer, bytesReviver } from './byte-encoding';
import { parseRecordKey, recordKey, recordKeyPrefix } from './local-storage-keys';

export interface LocalStorageEngineOptions {
  readonly faults?: WriteFaults;
  /** Where `storage` events from other tabs arrive (window). */
  readonly eventTarget?: EventTarget;
}

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

/**
 * The record engine over localStorage, for browsers without a working IndexedDB. One key per record
 * so a save rewrites one chat, not all of them. localStorage has no transactions: writes are
 * applied in order with an undo log, and a failure (typically the quota) restores every key the
 * transaction touched, so what was stored before stays intact.
 */
export class LocalStorageEngine implements RecordEngine {
  readonly kind = 'localstorage' as const;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly storage: KeyValueStorage,
    private readonly options: LocalStorageEngineOptions = {},
  ) {}

  private decode(text: string | null): unknown {
    if (text === null) return undefined;
    try {
      return JSON.parse(text, bytesReviver);
    } catch {
      return new UnreadableValue('stored text is not valid JSON');
    }
  }

  async get(table: StorageTable, id: string): Promise<unknown> {
    await this.queue;
    return this.decode(this.storage.getItem(recordKey(table, id)));
  }

  async getAll(table: StorageTable): Promise<StoredRow[]> {
    await this.queue;
    return this.rowsWithPrefix(table, '');
  }

  async getPrefix(table: StorageTable, prefix: string): Promise<StoredRow[]> {
    await this.queue;
    return this.rowsWithPrefix(table, prefix);
  }

  /** The ids of `table` that start with `prefix`, in code-unit order (as IndexedDB lists keys). */
  private idsWithPrefix(table: StorageTable, prefix: string): string[] {
    const tablePrefix = recordKeyPrefix(table);
    const ids: string[] = [];
    for (let i = 0; i < this.storage.length; i++) {
      const key = this.storage.key(i);
      if (key?.startsWith(tablePrefix + prefix)) ids.push(key.slice(tablePrefix.length));
    }
    return ids.sort();
  }

  private rowsWithPrefix(table: StorageTable, prefix: string): StoredRow[] {
    return this.idsWithPrefix(table, prefix).map((id) => ({
      id,
      value: this.decode(this.storage.getItem(recordKey(table, id))),
    }));
  }

  /** In the write queue, so no transaction's writes land while `work` reads. */
  read<T>(_tables: readonly StorageTable[], work: (tx: EngineReader) => Promise<T>): Promise<T> {
    const reader: EngineReader = {
      get: async (table, id) => this.decode(this.storage.getItem(recordKey(table, id))),
      getAll: async (table) => this.rowsWithPrefix(table, ''),
      getPrefix: async (table, prefix) => this.rowsWithPrefix(table, prefix),
    };
    const run = this.queue.then(() => work(reader));
    this.queue = run.catch(() => undefined);
    return run;
  }

  transact<T>(_tables: readonly StorageTable[], work: (tx: EngineTransaction) => Promise<T>): Promise<T> {
    const run = this.queue.then(() => this.runTransaction(work));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async runTransaction<T>(work: (tx: EngineTransaction) => Promise<T>): Promise<T> {
    const { storage, options } = this;
    const undo: { key: string; previous: string | null }[] = [];
    const tx: EngineTransaction = {
      get: async (table, id) => this.decode(storage.getItem(recordKey(table, id))),
      getAll: async (table) => this.rowsWithPrefix(table, ''),
      getPrefix: async (table, prefix) => this.rowsWithPrefix(table, prefix),
      keysWithPrefix: async (table, prefix) => this.idsWithPrefix(table, prefix),
      put: async (table, id, value) => {
        options.faults?.beforeWrite(table, id);
        const key = recordKey(table, id);
        undo.push({ key, previous: storage.getItem(key) });
        storage.setItem(key, JSON.stringify(value, bytesReplacer));
      },
      delete: async (table, id) => {
        options.faults?.beforeWrite(table, id);
        const key = recordKey(table, id);
        undo.push({ key, previous: storage.getItem(key) });
        storage.removeItem(key);
      },
    };
    try {
      return await work(tx);
    } catch (error) {
      for (const { key, previous } of undo.reverse()) {
        try {
          if (previous === null) storage.removeItem(key);
          else storage.setItem(key, previous);
        } catch (restoreError) {
          // The previous value fitted before this transaction freed nothing, so this is not expected.
          console.error(`could not restore ${key} after a failed write`, restoreError);
        }
      }
      throw error;
    }
  }

  /** Other tabs' writes arrive as `storage` events; this tab's own writes never do. */
  watch(listener: (change: EngineChange) => void): () => void {
    const target = this.options.eventTarget;
    if (!target) return () => {};
    const onStorage = (event: Event) => {
      const key = (event as StorageEvent).key;
      const record = key ? parseRecordKey(key) : undefined;
      // A chat write touches its summary and message keys too; the chat key alone stands for them.
      if (record && record.table !== 'chatSummaries' && record.table !== 'messages')
        listener({ area: record.table, ids: [record.id] });
    };
    target.addEventListener('storage', onStorage);
    return () => target.removeEventListener('storage', onStorage);
  }

  async close(): Promise<void> {}
}
