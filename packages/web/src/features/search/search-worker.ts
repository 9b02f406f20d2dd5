/**
 * The search Web Worker: holds the chat search index off the main thread (SE15) and, where the
 * app's store is IndexedDB, reads the chats itself (read-only; see chat-table-reader.ts).
 * Started by search-transport.ts; everything it does is in search-host.ts, shared with the
 * in-process fallback.
 */
import { openChatTableReader } from '../../adapters/storage/chat-table-reader';
import { createSearchHost } from './search-host';
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
});

addEventListener('message', (event: MessageEvent<SearchRequest>) => host.receive(event.data));
