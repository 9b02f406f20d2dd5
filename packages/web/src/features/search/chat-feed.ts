import { toSearchDocument } from '@parley/core/search';
import type { SearchDocument } from '@parley/core/search';
import type { StoragePort } from '@parley/core/storage';
import { nextTask } from '../../lib/next-task';

/** Where the feed sends what it reads: the search client, which posts it to the worker. */
export interface ChatFeedSink {
  upsert(docs: readonly SearchDocument[]): void;
  remove(chatIds: readonly string[]): void;
  progress(read: number, total: number): void;
  /** The initial read is over; later changes follow as they come. */
  loaded(): void;
}

export interface ChatFeedOptions {
  /** Chats read (and posted) together during the initial load. */
  readonly batchSize?: number;
  /** Changes to a chat are gathered this long before it is re-read (a streamed answer saves often). */
  readonly changeDelayMs?: number;
}

export interface ChatFeed {
  stop(): void;
}

/** Small, because every chat read is parsed on this thread: a batch must fit in a frame. */
const DEFAULT_BATCH_SIZE = 10;
export const DEFAULT_CHANGE_DELAY_MS = 300;

/**
 * Feeds the search index from the storage port (SE15): reads every chat once, newest first, in
 * small batches (each read is parsed on this thread, so batches stay short and the UI keeps
 * its frame rate), then re-reads the chats that storage reports as changed, from this tab or
 * another. Changes that arrive during the initial load are applied after it, so an older copy
 * read by the load can never overwrite a newer one.
 *
 * This is the fallback path: where the store is IndexedDB and a worker runs, the worker reads
 * the chats itself (database-feed.ts) and this thread only names changed chats. The store may be
 * localStorage or memory instead (only this thread has those), or the worker may be missing or
 * unable to open the database; then this feed reads through the port and posts plain search
 * documents (title, flags, message text), a small fraction of a chat.
 */
export function startChatFeed(
  store: StoragePort,
  sink: ChatFeedSink,
  options: ChatFeedOptions = {},
): ChatFeed {
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const changeDelayMs = options.changeDelayMs ?? DEFAULT_CHANGE_DELAY_MS;
  const changed = new Set<string>();
  let stopped = false;
  let loading = true;
  let flushTimer: ReturnType<typeof setTimeout> | undefined;
  let flushing: Promise<void> = Promise.resolve();

  const readChat = (id: string) => store.chats.get(id).catch(() => undefined);

  async function flush(): Promise<void> {
    const ids = [...changed];
    changed.clear();
    const chats = await Promise.all(ids.map(readChat));
    if (stopped) return;
    const docs: SearchDocument[] = [];
    const gone: string[] = [];
    chats.forEach((chat, i) => {
      if (!chat || chat.deletedAt !== null) gone.push(ids[i]!);
      else docs.push(toSearchDocument(chat));
    });
    if (docs.length > 0) sink.upsert(docs);
    if (gone.length > 0) sink.remove(gone);
  }

  function scheduleFlush(): void {
    if (loading || stopped || flushTimer !== undefined) return;
    flushTimer = setTimeout(() => {
      flushTimer = undefined;
      // One flush at a time, in order: a later read never lands before an earlier one.
      flushing = flushing
        .then(flush)
        .catch((error: unknown) => console.warn('search: re-reading chats failed', error));
    }, changeDelayMs);
  }

  const unsubscribe = store.onChange((change) => {
    if (change.area !== 'chats') return;
    for (const id of change.ids) changed.add(id);
    scheduleFlush();
  });

  async function load(): Promise<void> {
    const summaries = await store.chats.listSummaries();
    let read = 0;
    sink.progress(0, summaries.length);
    for (let start = 0; start < summaries.length && !stopped; start += batchSize) {
      const batch = summaries.slice(start, start + batchSize);
      const chats = await Promise.all(batch.map((summary) => readChat(summary.id)));
      if (stopped) return;
      const docs = chats.filter((chat) => chat !== undefined).map(toSearchDocument);
      if (docs.length > 0) sink.upsert(docs);
      read += batch.length;
      sink.progress(read, summaries.length);
      // Lets input and rendering run between batches.
      await nextTask();
    }
  }

  void load()
    .catch((error: unknown) => console.warn('search: reading chats failed', error))
    .finally(() => {
      loading = false;
      if (stopped) return;
      sink.loaded();
      if (changed.size > 0) scheduleFlush();
    });

  return {
    stop() {
      stopped = true;
      unsubscribe();
      if (flushTimer !== undefined) clearTimeout(flushTimer);
    },
  };
}
