import { cloneValue } from './clone-value';
import type { EngineReader, EngineTransaction, RecordEngine, StoredRow, WriteFaults } from './record-engine';
import { STORAGE_TABLES } from './storage-tables';
import type { StorageTable } from './storage-tables';

/** IndexedDB's order of string keys (code units), which `sort()` without a comparer also uses. */
const byCodeUnit = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

export interface MemoryEngineOptions {
  readonly faults?: WriteFaults;
}

/**
 * Tables as Maps. Transactions run one at a time and are undone on failure, which gives the same
 * all-or-nothing behaviour as IndexedDB.
 */
export class MemoryEngine implements RecordEngine {
  readonly kind = 'memory' as const;
  private readonly tables = new Map<StorageTable, Map<string, unknown>>(
    STORAGE_TABLES.map((table) => [table, new Map<string, unknown>()]),
  );
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly options: MemoryEngineOptions = {}) {}

  private table(name: StorageTable): Map<string, unknown> {
    const table = this.tables.get(name);
    if (!table) throw new Error(`unknown table ${name}`);
    return table;
  }

  /** Test backdoor: stores a value as-is, bypassing every parse (to plant corrupt records). */
  plant(table: StorageTable, id: string, value: unknown): void {
    this.table(table).set(id, value);
  }

  async get(table: StorageTable, id: string): Promise<unknown> {
    await this.queue;
    return cloneValue(this.table(table).get(id));
  }

  async getAll(table: StorageTable): Promise<StoredRow[]> {
    await this.queue;
    return this.rows(table);
  }

  private rows(table: StorageTable): StoredRow[] {
    return [...this.table(table)].map(([id, value]) => ({ id, value: cloneValue(value) }));
  }

  async getPrefix(table: StorageTable, prefix: string): Promise<StoredRow[]> {
    await this.queue;
    return this.rowsWithPrefix(table, prefix);
  }

  private keysWithPrefix(table: StorageTable, prefix: string): string[] {
    return [...this.table(table).keys()].filter((key) => key.startsWith(prefix)).sort(byCodeUnit);
  }

  private rowsWithPrefix(table: StorageTable, prefix: string): StoredRow[] {
    const map = this.table(table);
    return this.keysWithPrefix(table, prefix).map((id) => ({ id, value: cloneValue(map.get(id)) }));
  }

  /** In the transaction queue, so no transaction's writes land while `work` reads. */
  read<T>(_tables: readonly StorageTable[], work: (tx: EngineReader) => Promise<T>): Promise<T> {
    const reader: EngineReader = {
      get: async (table, id) => cloneValue(this.table(table).get(id)),
      getAll: async (table) => this.rows(table),
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
    const undo: (() => void)[] = [];
    const remember = (table: StorageTable, id: string) => {
      const map = this.table(table);
      const had = map.has(id);
      const previous = map.get(id);
      undo.push(() => (had ? map.set(id, previous) : map.delete(id)));
    };
    const tx: EngineTransaction = {
      get: async (table, id) => cloneValue(this.table(table).get(id)),
      getAll: async (table) => this.rows(table),
      getPrefix: async (table, prefix) => this.rowsWithPrefix(table, prefix),
      keysWithPrefix: async (table, prefix) => this.keysWithPrefix(table, prefix),
      put: async (table, id, value) => {
        this.options.faults?.beforeWrite(table, id);
        remember(table, id);
        this.table(table).set(id, cloneValue(value));
      },
      delete: async (table, id) => {
        this.options.faults?.beforeWrite(table, id);
        remember(table, id);
        this.table(table).delete(id);
      },
    };
    try {
      return await work(tx);
    } catch (error) {
      for (const step of undo.reverse()) step();
      throw error;
    }
  }

  async close(): Promise<void> {}
}
