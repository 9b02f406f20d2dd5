/**
 * The IndexedDB layout that releases before idb (Dexie `version(1)`) created: native version 10,
 * out-of-line keys, one index per key path named after it, `tags` multi-entry. Written here with
 * plain IndexedDB calls, as Dexie would have, so a test can open it with today's code.
 */
const EARLIER_LAYOUT: Record<string, readonly string[]> = {
  chats: ['updatedAt'],
  chatSummaries: ['updatedAt', 'folderID', 'favoritedAt', 'archivedAt', 'deletedAt', '*tags'],
  folders: ['updatedAt'],
  prompts: ['updatedAt'],
  characters: ['updatedAt'],
  plugins: ['updatedAt'],
  profiles: ['updatedAt'],
  memory: ['updatedAt'],
  usage: ['recordedAt'],
  attachments: ['updatedAt', 'chatID'],
  settings: ['updatedAt'],
};

export function createEarlierReleaseDatabase(indexedDB: IDBFactory, name: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(name, 10);
    request.onupgradeneeded = () => {
      for (const [table, indexes] of Object.entries(EARLIER_LAYOUT)) {
        const store = request.result.createObjectStore(table);
        for (const spec of indexes) {
          const keyPath = spec.replace('*', '');
          store.createIndex(keyPath, keyPath, { multiEntry: spec.startsWith('*') });
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
