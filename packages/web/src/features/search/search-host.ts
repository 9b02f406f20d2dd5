import { ChatSearchIndex, searchDocumentOfStoredChat } from '@parley/core/search';
import type { IndexedChat, SearchDocument } from '@parley/core/search';
import { createDatabaseFeed } from './database-feed';
import type { OpenChatTable, StoredChatRow, StoredChatSink } from './database-feed';
import { IndexPersistence } from './index-persistence';
import type { OpenSearchIndexDatabase } from './index-persistence';
import { ResultTexts } from './result-texts';
import { runInNextTask } from '../../lib/next-task';
import type { SearchReply, SearchRequest } from './search-protocol';
import { createTypingGate } from './typing-gate';
import type { TypingGate } from './typing-gate';

type IndexChange =
  | { readonly kind: 'upsert'; readonly seq: number; readonly doc: SearchDocument }
  | { readonly kind: 'remove'; readonly seq: number; readonly chatId: string }
  | { readonly kind: 'clear'; readonly seq: number }
  /** An entry restored from the persisted index (SE17). */
  | { readonly kind: 'entry'; readonly seq: number; readonly chat: IndexedChat }
  /** A chat read from the database; parsed when applied, so parsing runs in the same short slices. */
  | {
      readonly kind: 'stored';
      readonly seq: number;
      readonly row: StoredChatRow;
      readonly unreadable: 'skip' | 'remove';
    }
  /** The end of a database read: nothing to apply, but its seq may now be reported applied. */
  | { readonly kind: 'end'; readonly seq: number };

export interface SearchHostOptions {
  /** Runs a task after pending messages (a MessageChannel hop by default), so queries get in between. */
  readonly schedule?: (task: () => void) => void;
  readonly now?: () => number;
  /** Indexing work done per task before yielding to waiting queries. */
  readonly sliceMs?: number;
  /**
   * Opens the app's IndexedDB chats table for `read-database` (the worker passes its own
   * indexedDB; tests pass fake-indexeddb). Without it the host answers `database-unavailable`.
   */
  readonly openChatTable?: OpenChatTable;
  /** Chats read from the database per batch (default 250). */
  readonly readBatchSize?: number;
  /**
   * Opens the search feature's own database, where the index read from the app's database is
   * persisted (SE17). Without it (or when it fails) the index is rebuilt on every start.
   */
  readonly openIndexDatabase?: OpenSearchIndexDatabase;
  /**
   * Background work (persisting the index, reading texts ahead) waits until no query came for
   * this long (decision 0159). Default QUIET_AFTER_QUERY_MS.
   */
  readonly quietMs?: number;
  /** The gate itself (tests step its clock); by default one on the real clock with `quietMs`. */
  readonly typing?: TypingGate;
}

export interface SearchHost {
  receive(request: SearchRequest): void;
  readonly index: ChatSearchIndex;
  /** Resolves once every index change so far is persisted (tests). */
  persisted(): Promise<void>;
}

const DEFAULT_SLICE_MS = 12;
/** Chats whose texts are read ahead after the first read (the newest). */
const TEXTS_AHEAD = 400;
/** Before answering, a query applies queued changes for at most this long (read-your-writes for small edits). */
const QUERY_CATCH_UP_MS = 4;
/**
 * Background work resumes this long after the last query: longer than the pause between two
 * keystrokes, or between two words typed in the palette (decision 0159).
 */
const QUIET_AFTER_QUERY_MS = 1000;

/**
 * The index side of the worker protocol. Index changes are queued and applied in short slices,
 * each followed by an `applied` report, so a query arriving during a 5-second initial build is
 * answered within one slice rather than after the whole build (SE15, SE16). Changes come either
 * as documents from the client or as chats the host reads from IndexedDB itself (database-feed.ts).
 */
export function createSearchHost(
  reply: (message: SearchReply) => void,
  options: SearchHostOptions = {},
): SearchHost {
  const schedule = options.schedule ?? runInNextTask;
  const now = options.now ?? (() => performance.now());
  const sliceMs = options.sliceMs ?? DEFAULT_SLICE_MS;
  const index = new ChatSearchIndex();
  // On the real clock: tests that step the host's clock per look do not step this one.
  const typing =
    options.typing ??
    createTypingGate({ now: () => performance.now(), quietMs: options.quietMs ?? QUIET_AFTER_QUERY_MS });
  const persistence = new IndexPersistence(options.openIndexDatabase, typing.whenQuiet);
  const resultTexts = new ResultTexts();
  const queue: IndexChange[] = [];
  let head = 0;
  let appliedSeq = 0;
  let drainScheduled = false;
  /** Database reads still in progress: their seq is not applied yet, however empty the queue. */
  const reading = new Set<number>();
  let backlogWaiters: { readonly count: number; readonly resolve: () => void }[] = [];

  function applyStored(row: StoredChatRow, unreadable: 'skip' | 'remove'): void {
    // A value the parse rejects is skipped, never thrown: one damaged row must not stop the index.
    const doc = row.value === undefined ? undefined : searchDocumentOfStoredChat(row.id, row.value);
    resultTexts.forget(row.id);
    if (doc) {
      // Chats read from the database leave their texts there: they are read for the results
      // shown, except the newest, kept as they are read (the first read is newest first).
      const entry = index.upsert(doc, false);
      if (entry)
        resultTexts.keepRead(
          entry.id,
          entry.updatedAt,
          doc.messages.map((message) => message.text),
        );
      persistence.indexed(doc, entry);
    } else if (unreadable === 'remove') {
      index.remove(row.id);
      persistence.removed(row.id);
    }
  }

  function apply(change: IndexChange): void {
    if (change.kind === 'upsert') index.upsert(change.doc);
    else if (change.kind === 'remove') index.remove(change.chatId);
    else if (change.kind === 'clear') index.clear();
    else if (change.kind === 'stored') applyStored(change.row, change.unreadable);
    else if (change.kind === 'entry') index.insert(change.chat);
    // A request's changes share its seq (apply runs after head moved on): applied once its last one is.
    const next = queue[head];
    if ((!next || next.seq !== change.seq) && !reading.has(change.seq)) appliedSeq = change.seq;
  }

  function wakeBacklogWaiters(): void {
    const waiting = queue.length - head;
    const ready = backlogWaiters.filter((waiter) => waiting <= waiter.count);
    if (ready.length === 0) return;
    backlogWaiters = backlogWaiters.filter((waiter) => waiting > waiter.count);
    for (const waiter of ready) waiter.resolve();
  }

  function drain(budgetMs: number): void {
    const deadline = now() + budgetMs;
    const before = head;
    try {
      while (head < queue.length && now() < deadline) apply(queue[head++]!);
    } catch (error) {
      reply({ type: 'failed', requestId: null, message: String(error) });
    }
    if (head === queue.length) {
      queue.length = 0;
      head = 0;
    }
    if (head !== before || queue.length === 0) reply({ type: 'applied', appliedSeq, indexed: index.size });
    wakeBacklogWaiters();
  }

  function scheduleDrain(): void {
    if (drainScheduled) return;
    drainScheduled = true;
    schedule(() => {
      drainScheduled = false;
      drain(sliceMs);
      if (queue.length > 0) scheduleDrain();
    });
  }

  const sink: StoredChatSink = {
    open: (seq) => reading.add(seq),
    queue(seq, rows, unreadable) {
      for (const row of rows) queue.push({ kind: 'stored', seq, row, unreadable });
      scheduleDrain();
    },
    close(seq) {
      reading.delete(seq);
      queue.push({ kind: 'end', seq });
      scheduleDrain();
    },
    backlogAtMost,
    restore: (seq, chatIds, stamps) =>
      persistence.restore(
        chatIds,
        stamps,
        (chat) => {
          queue.push({ kind: 'entry', seq, chat });
          scheduleDrain();
        },
        backlogAtMost,
      ),
    reply(message) {
      reply(message);
      if (message.type === 'read-loaded') void readTextsAhead();
    },
  };

  /**
   * Once the first read is indexed, the texts of the newest chats are read ahead, so that the
   * first keystrokes rarely wait for a read (decision 0081); a batch waits while a query reads
   * its own (decision 0159). After a first build most of them are kept already (keepRead).
   */
  async function readTextsAhead(): Promise<void> {
    await backlogAtMost(0);
    await resultTexts.prefetch(index.newest(TEXTS_AHEAD), database.readNow, typing.whenAnswered);
  }

  function backlogAtMost(count: number): Promise<void> {
    if (queue.length - head <= count) return Promise.resolve();
    return new Promise((resolve) => backlogWaiters.push({ count, resolve }));
  }
  const database = createDatabaseFeed(options.openChatTable, sink, options.readBatchSize);

  function receive(request: SearchRequest): void {
    switch (request.type) {
      case 'read-database':
        database.read(request.seq, request.databaseName, request.stamps ? new Map(request.stamps) : null);
        return;
      case 'reread-chats':
        database.reread(request.seq, request.chatIds);
        return;
      case 'upsert':
        for (const doc of request.docs) queue.push({ kind: 'upsert', seq: request.seq, doc });
        if (request.docs.length === 0) appliedSeq = Math.max(appliedSeq, request.seq);
        scheduleDrain();
        return;
      case 'remove':
        for (const chatId of request.chatIds) queue.push({ kind: 'remove', seq: request.seq, chatId });
        if (request.chatIds.length === 0) appliedSeq = Math.max(appliedSeq, request.seq);
        scheduleDrain();
        return;
      case 'clear':
        queue.push({ kind: 'clear', seq: request.seq });
        scheduleDrain();
        return;
      case 'query':
        answer(request);
        return;
      case 'stats':
        reply({ type: 'stats', requestId: request.requestId, stats: index.stats() });
        return;
    }
  }

  /**
   * Finds the hits at once; the original texts of their messages, where the index does not hold
   * them, are read from the app's database (only the results' chats, cached while typing narrows).
   */
  function answer(request: Extract<SearchRequest, { type: 'query' }>): void {
    typing.queryArrived();
    if (queue.length > 0) drain(QUERY_CATCH_UP_MS);
    const started = now();
    // What the hits reflect, even if more changes are applied while the texts are read.
    const answeredSeq = appliedSeq;
    const fail = (error: unknown) =>
      reply({ type: 'failed', requestId: request.requestId, message: String(error) });
    const respond = (found: ReturnType<ChatSearchIndex['find']>) => {
      try {
        const response = index.resultsOf(found, (hit) => resultTexts.textOf(hit));
        reply({
          type: 'results',
          requestId: request.requestId,
          response,
          appliedSeq: answeredSeq,
          tookMs: now() - started,
        });
      } catch (error) {
        fail(error);
      }
    };
    try {
      const found = index.find(request.query, { limit: request.limit });
      const missing = resultTexts.missing(found.hits);
      // Everything at hand (the common case while typing): answered in this task.
      if (missing.length === 0) respond(found);
      else {
        typing.answering();
        void resultTexts
          .load(missing, database.readNow)
          .then(() => respond(found), fail)
          .finally(typing.answered);
      }
    } catch (error) {
      fail(error);
    }
  }

  return { receive, index, persisted: () => persistence.settled() };
}
