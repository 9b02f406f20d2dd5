import type { Clock, IdGenerator } from '../../platform';
import {
  createRecordStore,
  MemoryEngine,
  type EngineChange,
  type EngineReader,
  type EngineTransaction,
  type RecordEngine,
  type StoragePort,
  type StorageTable,
  type StoredRow,
} from '../../storage';

/** Holds the changes other tabs announce while a tab is frozen (null: it runs). */
export type TabStoreGate = { held: (() => void)[] | null };

/**
 * One browser profile's local data as several tabs see it: every tab's store reads and writes the
 * same memory tables, and a tab's committed writes reach the other tabs as `remote` changes, as
 * IndexedDB plus the storage channel do in the browser. A frozen tab (its gate holding) hears of
 * them when it thaws.
 */
export function sharedTabStores(options: { clock?: Clock; ids?: IdGenerator } = {}) {
  const tables = new MemoryEngine();
  const watchers = new Set<TabEngine>();

  class TabEngine implements RecordEngine {
    readonly kind = 'memory' as const;
    readonly listeners = new Set<(change: EngineChange) => void>();
    constructor(readonly gate: TabStoreGate) {}
    get(table: StorageTable, id: string): Promise<unknown> {
      return tables.get(table, id);
    }
    getAll(table: StorageTable): Promise<StoredRow[]> {
      return tables.getAll(table);
    }
    getPrefix(table: StorageTable, prefix: string): Promise<StoredRow[]> {
      return tables.getPrefix(table, prefix);
    }
    read<T>(names: readonly StorageTable[], work: (tx: EngineReader) => Promise<T>): Promise<T> {
      return tables.read(names, work);
    }
    transact<T>(names: readonly StorageTable[], work: (tx: EngineTransaction) => Promise<T>): Promise<T> {
      return tables.transact(names, work);
    }
    announce(change: EngineChange): void {
      for (const other of watchers) {
        if (other === this) continue;
        const deliver = () => {
          for (const listener of [...other.listeners]) listener(change);
        };
        void Promise.resolve().then(() => {
          if (other.gate.held) other.gate.held.push(deliver);
          else deliver();
        });
      }
    }
    watch(listener: (change: EngineChange) => void): () => void {
      this.listeners.add(listener);
      return () => this.listeners.delete(listener);
    }
    async close(): Promise<void> {
      watchers.delete(this);
    }
  }

  return {
    /** A new tab's store. */
    open(gate: TabStoreGate = { held: null }): StoragePort {
      const engine = new TabEngine(gate);
      watchers.add(engine);
      return createRecordStore(engine, options);
    },
  };
}
