/**
 * The search Web Worker: holds the chat search index off the main thread (SE15) and, where the
 * app's store is IndexedDB, reads the chats itself (read-only; see chat-table-reader.ts).
 * Started by search-transport.ts; everything it does is in search-host.ts, shared with the
 * in-process fallback.
 */
import { openChatTableReader } from '../../adapters/storage';
import { createSearchHost } from './search-host';
import { openSearchIndexDatabase } from './search-index-database';
import type { SearchReply, SearchRequest } from './search-protocol';

/** Reading the global can throw where storage is blocked; the host then reports the database unavailable. */
function workerIndexedDB(): IDBFactory | undefined {
  try {
    return globalThis.indexedDB ?? undefined;
  } catch {
    return undefined;
  }
}

const host = createSearchHost((reply: SearchReply) => postMessage(reply), {
  openChatTable: (databaseName) => openChatTableReader(workerIndexedDB(), databaseName),
  // The persisted index (SE17); without IndexedDB here the host simply rebuilds it each start.
  openIndexDatabase: async () => {
    const factory = workerIndexedDB();
    if (!factory) throw new Error('no IndexedDB');
    return openSearchIndexDatabase(factory, IDBKeyRange);
  },
});

addEventListener('message', (event: MessageEvent<SearchRequest>) => host.receive(event.data));
