import type { Clock, IdGenerator } from '../../platform';
import {
  createRecordStore,
  MemoryEngine,
  type EngineChange,
  type EngineTransaction,
  type RecordEngine,
  type StoragePort,
  type StorageTable,
  type StoredRow,
} from '../../storage';

/**
 * One browser profile's local data as several tabs see it: every tab's store reads and writes the
 * same memory tables, and a tab's committed writes reach the other tabs as `remote` changes, as
 * IndexedDB plus the storage channel do in the browser.
 */
export function sharedTabStores(options: { clock?: Clock; ids?: IdGenerator } = {}) {
  const tables = new MemoryEngine();
  const watchers = new Set<TabEngine>();

  class TabEngine implements RecordEngine {
    readonly kind = 'memory' as const;
    readonly listeners = new Set<(change: EngineChange) => void>();
    get(table: StorageTable, id: string): Promise<unknown> {
      return tables.get(table, id);
    }
    getAll(table: StorageTable): Promise<StoredRow[]> {
      return tables.getAll(table);
    }
    transact<T>(names: readonly StorageTable[], work: (tx: EngineTransaction) => Promise<T>): Promise<T> {
      return tables.transact(names, work);
    }
    announce(change: EngineChange): void {
      for (const other of watchers) {
        if (other === this) continue;
        void Promise.resolve().then(() => {
          for (const listener of [...other.listeners]) listener(change);
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
    open(): StoragePort {
      const engine = new TabEngine();
      watchers.add(engine);
      return createRecordStore(engine, options);
    },
  };
}
