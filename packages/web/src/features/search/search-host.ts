import { ChatSearchIndex } from '@parley/core/search';
import type { SearchDocument } from '@parley/core/search';
import type { SearchReply, SearchRequest } from './search-protocol';

type IndexChange =
  | { readonly kind: 'upsert'; readonly seq: number; readonly doc: SearchDocument }
  | { readonly kind: 'remove'; readonly seq: number; readonly chatId: string }
  | { readonly kind: 'clear'; readonly seq: number };

export interface SearchHostOptions {
  /** Runs a task after pending messages (setTimeout 0 by default), so queries get in between. */
  readonly schedule?: (task: () => void) => void;
  readonly now?: () => number;
  /** Indexing work done per task before yielding to waiting queries. */
  readonly sliceMs?: number;
}

export interface SearchHost {
  receive(request: SearchRequest): void;
  readonly index: ChatSearchIndex;
}

const DEFAULT_SLICE_MS = 12;
/** Before answering, a query applies queued changes for at most this long (read-your-writes for small edits). */
const QUERY_CATCH_UP_MS = 4;

/**
 * The index side of the worker protocol. Index changes are queued and applied in short slices,
 * each followed by an `applied` report, so a query arriving during a 5-second initial build is
 * answered within one slice rather than after the whole build (SE15, SE16).
 */
export function createSearchHost(
  reply: (message: SearchReply) => void,
  options: SearchHostOptions = {},
): SearchHost {
  const schedule = options.schedule ?? ((task) => setTimeout(task, 0));
  const now = options.now ?? (() => performance.now());
  const sliceMs = options.sliceMs ?? DEFAULT_SLICE_MS;
  const index = new ChatSearchIndex();
  const queue: IndexChange[] = [];
  let head = 0;
  let appliedSeq = 0;
  let drainScheduled = false;

  function apply(change: IndexChange): void {
    if (change.kind === 'upsert') index.upsert(change.doc);
    else if (change.kind === 'remove') index.remove(change.chatId);
    else index.clear();
    // A request's changes share its seq (apply runs after head moved on): applied once its last one is.
    const next = queue[head];
    if (!next || next.seq !== change.seq) appliedSeq = change.seq;
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

  function receive(request: SearchRequest): void {
    switch (request.type) {
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
      case 'query': {
        if (queue.length > 0) drain(QUERY_CATCH_UP_MS);
        const started = now();
        try {
          const response = index.search(request.query, { limit: request.limit });
          reply({
            type: 'results',
            requestId: request.requestId,
            response,
            appliedSeq,
            tookMs: now() - started,
          });
        } catch (error) {
          reply({ type: 'failed', requestId: request.requestId, message: String(error) });
        }
        return;
      }
      case 'stats':
        reply({ type: 'stats', requestId: request.requestId, stats: index.stats() });
        return;
    }
  }

  return { receive, index };
}
