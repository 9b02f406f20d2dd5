import { createSearchHost } from './search-host';
import type { SearchHostOptions } from './search-host';
import type { SearchReply, SearchRequest } from './search-protocol';

/** How the client reaches the index: a Web Worker, or the same host code on this thread. */
export interface SearchTransport {
  readonly kind: 'worker' | 'in-process';
  /**
   * The host can read the app's IndexedDB database itself (`read-database`). True for the worker:
   * reading there is what keeps parsing off the main thread. The in-process host reads only when
   * given a way to (tests); otherwise the client feeds it.
   */
  readonly readsDatabase: boolean;
  send(request: SearchRequest): void;
  listen(listener: (reply: SearchReply) => void): void;
  close(): void;
}

/** The index in a module Web Worker; null where workers are unavailable (old browsers, jsdom). */
export function createWorkerTransport(): SearchTransport | null {
  if (typeof Worker === 'undefined') return null;
  let worker: Worker;
  try {
    worker = new Worker(new URL('./search-worker.ts', import.meta.url), { type: 'module' });
  } catch {
    return null;
  }
  return {
    kind: 'worker',
    readsDatabase: true,
    send: (request) => worker.postMessage(request),
    listen(listener) {
      worker.addEventListener('message', (event: MessageEvent<SearchReply>) => listener(event.data));
      // A worker that fails to load or crashes reports once; the client falls back to in-process.
      worker.addEventListener('error', (event) => {
        event.preventDefault();
        listener({ type: 'failed', requestId: null, message: `search worker: ${event.message || 'failed'}` });
      });
    },
    close: () => worker.terminate(),
  };
}

/** Lets the host read IndexedDB itself, as the worker does (tests run the worker's path with it). */
export type InProcessTransportOptions = Pick<
  SearchHostOptions,
  'openChatTable' | 'readBatchSize' | 'openIndexDatabase'
>;

/**
 * The same host on the main thread. Messages are still delivered asynchronously, in order, so the
 * client behaves exactly as with a worker (tests in jsdom, browsers without module workers).
 */
export function createInProcessTransport(options: InProcessTransportOptions = {}): SearchTransport {
  let listener: (reply: SearchReply) => void = () => {};
  let closed = false;
  const host = createSearchHost((reply) => {
    setTimeout(() => {
      if (!closed) listener(reply);
    }, 0);
  }, options);
  return {
    kind: 'in-process',
    readsDatabase: options.openChatTable !== undefined,
    send(request) {
      setTimeout(() => {
        if (!closed) host.receive(request);
      }, 0);
    },
    listen(next) {
      listener = next;
    },
    close() {
      closed = true;
    },
  };
}

export function createDefaultTransport(): SearchTransport {
  return createWorkerTransport() ?? createInProcessTransport();
}
