/**
 * The search Web Worker: holds the chat search index off the main thread (SE15). Started by
 * search-transport.ts; everything it does is in search-host.ts, shared with the in-process
 * fallback.
 */
import { createSearchHost } from './search-host';
import type { SearchReply, SearchRequest } from './search-protocol';

const host = createSearchHost((reply: SearchReply) => postMessage(reply));

addEventListener('message', (event: MessageEvent<SearchRequest>) => host.receive(event.data));
