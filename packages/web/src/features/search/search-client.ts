import { DEFAULT_SEARCH_LIMIT } from '@parley/core/search';
import type {
  ChatSearchIndexStats,
  ChatSearchOptions,
  ChatSearchResponse,
  SearchDocument,
} from '@parley/core/search';
import type { StoragePort } from '@parley/core/storage';
import { PARLEY_DATABASE_NAME } from '../../adapters/storage';
import { startChatChangeNotices } from './chat-change-notices';
import { DEFAULT_CHANGE_DELAY_MS, startChatFeed } from './chat-feed';
import type { ChatFeed, ChatFeedOptions } from './chat-feed';
import type { SearchReply, SearchRequest } from './search-protocol';
import { createDefaultTransport, createInProcessTransport } from './search-transport';
import type { SearchTransport } from './search-transport';

export interface SearchIndexStatus {
  /** starting: listing chats; indexing: chats still being read or indexed; ready: caught up. */
  readonly phase: 'starting' | 'indexing' | 'ready';
  /** Chats read from storage so far, of `total`, during the initial load. */
  readonly read: number;
  readonly total: number;
  /** Chats in the index. */
  readonly indexed: number;
  /**
   * Of the initial read where the host reads the database: chats taken from the persisted index
   * as they were, and chats read and indexed anew (SE17). Zero until that read is loaded.
   */
  readonly restored: number;
  readonly reindexed: number;
  /** Grows whenever the index changes: a view re-runs its query on it. */
  readonly version: number;
  readonly transport: SearchTransport['kind'];
  /** Who reads chats from storage: the index host itself (from IndexedDB), or this thread. */
  readonly reader: 'index-host' | 'main-thread';
}

export type SearchOutcome =
  | {
      readonly kind: 'answered';
      readonly response: ChatSearchResponse;
      /** False while the index is still being built: more results may come (SE16). */
      readonly complete: boolean;
      readonly tookMs: number;
    }
  /** A newer query was asked before this one was answered; its answer is not delivered (SE16). */
  | { readonly kind: 'superseded' }
  | { readonly kind: 'failed'; readonly message: string };

export interface SearchClient {
  search(query: string, options?: ChatSearchOptions): Promise<SearchOutcome>;
  status(): SearchIndexStatus;
  /** Told whenever status() changes. */
  subscribe(listener: () => void): () => void;
  /** Memory and size figures of the index (benchmarks, diagnostics). */
  stats(): Promise<ChatSearchIndexStats>;
  dispose(): void;
}

export interface SearchClientOptions extends ChatFeedOptions {
  readonly store: StoragePort;
  /** Default: a Web Worker, or the in-process host where workers are unavailable. */
  readonly transport?: SearchTransport;
  /**
   * The IndexedDB database behind `store`, which the worker reads chats from itself. Default: the
   * app's database when the store is IndexedDB, none otherwise; null makes the main thread read.
   */
  readonly chatDatabaseName?: string | null;
}

interface PendingQuery {
  readonly requestId: number;
  readonly query: string;
  readonly limit: number;
  /** The index version (status) when it was asked: an answer to it may be older than a later change. */
  readonly version: number;
  readonly outcome: Promise<SearchOutcome>;
  readonly resolve: (outcome: SearchOutcome) => void;
}

/** [chat id, updatedAt] of every chat, deleted ones included; undefined when they cannot be listed. */
async function summaryStamps(store: StoragePort): Promise<[string, string][] | undefined> {
  try {
    const summaries = await store.chats.listSummaries({ includeDeleted: true });
    return summaries.map((summary) => [summary.id, summary.updatedAt]);
  } catch {
    return undefined;
  }
}

/**
 * The main-thread side of chat search: starts the index (worker or in-process), feeds it from
 * the store, and answers queries with only the latest one in flight (SE15, SE16).
 *
 *   const search = createSearchClient({ store });
 *   const outcome = await search.search('tokyo');
 *   if (outcome.kind === 'answered') render(outcome.response.results);
 */
export function createSearchClient(options: SearchClientOptions): SearchClient {
  let transport = options.transport ?? createDefaultTransport();
  const listeners = new Set<() => void>();
  let status: SearchIndexStatus = {
    phase: 'starting',
    read: 0,
    total: 0,
    indexed: 0,
    restored: 0,
    reindexed: 0,
    version: 0,
    transport: transport.kind,
    reader: 'main-thread',
  };
  let sentSeq = 0;
  let appliedSeq = 0;
  let loaded = false;
  let nextRequestId = 0;
  let inFlight: PendingQuery | null = null;
  let waiting: PendingQuery | null = null;
  const statsRequests = new Map<number, (stats: ChatSearchIndexStats) => void>();
  let listed = false;
  let disposed = false;
  let feed: ChatFeed | null = null;
  /** The host reads the database itself; the feed only names changed chats. */
  let hostReads = false;
  const databaseName =
    options.chatDatabaseName !== undefined
      ? options.chatDatabaseName
      : options.store.backend === 'indexeddb'
        ? PARLEY_DATABASE_NAME
        : null;

  function setStatus(change: Partial<SearchIndexStatus>): void {
    const phase = !listed ? 'starting' : loaded && appliedSeq === sentSeq ? 'ready' : 'indexing';
    const reader = hostReads ? 'index-host' : 'main-thread';
    status = { ...status, ...change, phase, transport: transport.kind, reader };
    for (const listener of [...listeners]) listener();
  }

  function sendChange(request: SearchRequest): void {
    transport.send(request);
  }

  function sendQuery(query: PendingQuery): void {
    inFlight = query;
    transport.send({ type: 'query', requestId: query.requestId, query: query.query, limit: query.limit });
  }

  function onReply(reply: SearchReply): void {
    if (disposed) return;
    switch (reply.type) {
      case 'applied':
        appliedSeq = reply.appliedSeq;
        setStatus({ indexed: reply.indexed, version: status.version + 1 });
        return;
      case 'results': {
        appliedSeq = Math.max(appliedSeq, reply.appliedSeq);
        const answered = inFlight;
        if (!answered || answered.requestId !== reply.requestId) return;
        inFlight = null;
        const next = waiting;
        waiting = null;
        if (next) {
          answered.resolve({ kind: 'superseded' });
          sendQuery(next);
          return;
        }
        const complete = loaded && reply.appliedSeq === sentSeq;
        answered.resolve({ kind: 'answered', response: reply.response, complete, tookMs: reply.tookMs });
        return;
      }
      case 'read-progress':
        listed = true;
        setStatus({ read: reply.read, total: reply.total });
        return;
      case 'read-loaded':
        loaded = true;
        setStatus({ restored: reply.restored, reindexed: reply.reindexed });
        return;
      case 'database-unavailable':
        if (hostReads) fallBackToMainThreadFeed(reply.reason);
        return;
      case 'stats':
        statsRequests.get(reply.requestId)?.(reply.stats);
        statsRequests.delete(reply.requestId);
        return;
      case 'failed':
        if (reply.requestId === null && transport.kind === 'worker') {
          fallBackInProcess();
          return;
        }
        if (inFlight && inFlight.requestId === reply.requestId) {
          inFlight.resolve({ kind: 'failed', message: reply.message });
          inFlight = null;
          if (waiting) {
            const next = waiting;
            waiting = null;
            sendQuery(next);
          }
        }
        return;
    }
  }

  /** The worker could not start or crashed: run the same host on this thread and feed it anew. */
  function fallBackInProcess(): void {
    console.warn('search: the worker failed; searching on the main thread instead');
    feed?.stop();
    transport.close();
    transport = createInProcessTransport();
    transport.listen(onReply);
    hostReads = false;
    sentSeq = 0;
    appliedSeq = 0;
    loaded = false;
    listed = false;
    setStatus({ read: 0, total: 0, indexed: 0 });
    feed = startFeed();
    if (inFlight) sendQuery(inFlight);
  }

  /**
   * The host could not read the database: this thread reads through the port instead. The index
   * is cleared first, so a chat purged while the feeds changed hands cannot linger in it.
   */
  function fallBackToMainThreadFeed(reason: string): void {
    console.warn(`search: the worker cannot read the database (${reason}); reading on the main thread`);
    feed?.stop();
    hostReads = false;
    loaded = false;
    listed = false;
    sendChange({ type: 'clear', seq: ++sentSeq });
    setStatus({ read: 0, total: 0 });
    feed = startMainThreadFeed();
  }

  /** Where it can, the host reads IndexedDB itself and this thread only names changed chats (SE15). */
  function startFeed(): ChatFeed {
    if (!transport.readsDatabase || !databaseName) return startMainThreadFeed();
    hostReads = true;
    // Changes named before the read is sent wait for it (a re-read must come after the read).
    let early: Set<string> | null = new Set<string>();
    const notices = startChatChangeNotices(
      options.store,
      options.changeDelayMs ?? DEFAULT_CHANGE_DELAY_MS,
      (chatIds) => {
        if (early) for (const id of chatIds) early.add(id);
        else sendChange({ type: 'reread-chats', seq: ++sentSeq, chatIds });
      },
    );
    // The summaries' updatedAt let the host reuse its persisted index (SE17); the list is the one
    // the sidebar already read, held by the store.
    void summaryStamps(options.store).then((stamps) => {
      if (disposed || feed !== notices || !hostReads) return;
      sendChange({ type: 'read-database', seq: ++sentSeq, databaseName, ...(stamps ? { stamps } : {}) });
      const named = [...(early ?? [])];
      early = null;
      if (named.length > 0) sendChange({ type: 'reread-chats', seq: ++sentSeq, chatIds: named });
    });
    return notices;
  }

  const startMainThreadFeed = (): ChatFeed =>
    startChatFeed(
      options.store,
      {
        upsert(docs: readonly SearchDocument[]) {
          sendChange({ type: 'upsert', seq: ++sentSeq, docs });
        },
        remove(chatIds: readonly string[]) {
          sendChange({ type: 'remove', seq: ++sentSeq, chatIds });
        },
        progress(read, total) {
          listed = true;
          setStatus({ read, total });
        },
        loaded() {
          loaded = true;
          setStatus({});
        },
      },
      options,
    );

  transport.listen(onReply);
  feed = startFeed();

  status = { ...status, reader: hostReads ? 'index-host' : 'main-thread' };

  return {
    search(query, searchOptions = {}) {
      if (disposed) return Promise.resolve({ kind: 'failed', message: 'search client disposed' });
      const limit = searchOptions.limit ?? DEFAULT_SEARCH_LIMIT;
      // The same query asked again before its answer (the palette asks from the keystroke, then
      // its view from the render) shares that answer, unless the index changed since (SE16).
      const newest = waiting ?? inFlight;
      if (newest && newest.query === query && newest.limit === limit && newest.version === status.version)
        return newest.outcome;
      let resolve!: (outcome: SearchOutcome) => void;
      const outcome = new Promise<SearchOutcome>((settle) => (resolve = settle));
      const pending: PendingQuery = {
        requestId: ++nextRequestId,
        query,
        limit,
        version: status.version,
        outcome,
        resolve,
      };
      if (!inFlight) sendQuery(pending);
      else {
        waiting?.resolve({ kind: 'superseded' });
        waiting = pending;
      }
      return outcome;
    },
    status: () => status,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    stats() {
      return new Promise((resolve) => {
        const requestId = ++nextRequestId;
        statsRequests.set(requestId, resolve);
        transport.send({ type: 'stats', requestId });
      });
    },
    dispose() {
      disposed = true;
      feed?.stop();
      transport.close();
      inFlight?.resolve({ kind: 'superseded' });
      waiting?.resolve({ kind: 'superseded' });
      listeners.clear();
    },
  };
}
