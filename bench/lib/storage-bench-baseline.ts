import type { BenchChat } from './storage-bench-data';

/**
 * The approach this benchmark compares against (NextChat, big-AGI): the whole chat store is kept as
 * one value, serialised to JSON and written in full after every change (idb-keyval style: one
 * object store, one key).
 */
const DATABASE = 'bench-whole-store';
const OBJECT_STORE = 'keyval';
const KEY = 'chat-store';

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

export async function openWholeStoreBaseline() {
  const open = indexedDB.open(DATABASE, 1);
  open.onupgradeneeded = () => open.result.createObjectStore(OBJECT_STORE);
  const db = await request(open);
  return {
    /** Serialises and writes everything; resolves when the transaction has committed. Returns the JSON length. */
    async save(chats: readonly BenchChat[]): Promise<number> {
      const json = JSON.stringify({ state: { sessions: chats }, version: 3 });
      const tx = db.transaction(OBJECT_STORE, 'readwrite');
      tx.objectStore(OBJECT_STORE).put(json, KEY);
      await new Promise<void>((resolve, reject) => {
        tx.oncomplete = () => resolve();
        tx.onerror = tx.onabort = () => reject(tx.error);
      });
      return json.length;
    },
    async load(): Promise<BenchChat[]> {
      const json = await request(db.transaction(OBJECT_STORE).objectStore(OBJECT_STORE).get(KEY));
      if (typeof json !== 'string') return [];
      return (JSON.parse(json) as { state: { sessions: BenchChat[] } }).state.sessions;
    },
    close: () => db.close(),
  };
}
