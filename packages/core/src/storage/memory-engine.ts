import { cloneValue } from './clone-value';
import type { EngineTransaction, RecordEngine, StoredRow, WriteFaults } from './record-engine';
import { STORAGE_TABLES } from './storage-tables';
import type { StorageTable } from './storage-tables';

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
    return [...this.table(table)].map(([id, value]) => ({ id, value: cloneValue(value) }));
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
