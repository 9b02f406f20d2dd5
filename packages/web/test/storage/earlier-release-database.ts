import layout from './fixtures/dexie-release-layout.json';

/**
 * The IndexedDB layout that releases before idb created. fixtures/dexie-release-layout.json was read
 * off a database that Dexie 4.4 itself created from those releases' `version(1)` schema (store
 * names, key paths, index names, multi-entry flags, native version). This file rebuilds that layout
 * with plain IndexedDB calls, so a test can open it with today's code.
 */
export type DatabaseLayout = {
  version: number;
  stores: Record<
    string,
    {
      keyPath: string | string[] | null;
      autoIncrement: boolean;
      indexes: { name: string; keyPath: string | string[]; multiEntry: boolean; unique: boolean }[];
    }
  >;
};

export const DEXIE_RELEASE_LAYOUT: DatabaseLayout = layout;

export function createEarlierReleaseDatabase(indexedDB: IDBFactory, name: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(name, DEXIE_RELEASE_LAYOUT.version);
    request.onupgradeneeded = () => {
      for (const [table, spec] of Object.entries(DEXIE_RELEASE_LAYOUT.stores)) {
        const store = request.result.createObjectStore(table, {
          keyPath: spec.keyPath,
          autoIncrement: spec.autoIncrement,
        });
        for (const index of spec.indexes) {
          store.createIndex(index.name, index.keyPath, {
            multiEntry: index.multiEntry,
            unique: index.unique,
          });
        }
      }
    };
    request.onsuccess = () => {
      request.result.close();
      resolve();
    };
    request.onerror = () => reject(request.error);
  });
}

/** The layout of an open database, in the fixture's shape (stores and indexes sorted by name). */
export function layoutOf(db: IDBDatabase): DatabaseLayout {
  const names = [...db.objectStoreNames].sort();
  const tx = db.transaction(names, 'readonly');
  const stores: DatabaseLayout['stores'] = {};
  for (const name of names) {
    const store = tx.objectStore(name);
    stores[name] = {
      keyPath: store.keyPath,
      autoIncrement: store.autoIncrement,
      indexes: [...store.indexNames].sort().map((indexName) => {
        const index = store.index(indexName);
        return {
          name: index.name,
          keyPath: index.keyPath,
          multiEntry: index.multiEntry,
          unique: index.unique,
        };
      }),
    };
  }
  return { version: db.version, stores };
}
