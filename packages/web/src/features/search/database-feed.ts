import type { ChatTableReader } from '../../adapters/storage';
import type { SearchReply } from './search-protocol';

/** One stored chat as read: its key and raw value (undefined when there is no such row). */
export interface StoredChatRow {
  readonly id: string;
  readonly value: unknown;
}

/** What the host offers the feed: its change queue, under the client's sequence numbers. */
export interface StoredChatSink {
  /** Changes for `seq` are coming: the host must not report it applied before `close(seq)`. */
  open(seq: number): void;
  /**
   * Queues rows for indexing under `seq`. A row that is no readable chat is skipped during the
   * initial read and removed from the index on a re-read (as the main-thread feed does).
   */
  queue(seq: number, rows: readonly StoredChatRow[], unreadable: 'skip' | 'remove'): void;
  close(seq: number): void;
  /** Resolves once at most `count` queued changes wait: reading stays just ahead of indexing. */
  backlogAtMost(count: number): Promise<void>;
  /**
   * Queues the persisted entries still current for `seq` (SE17) and says which chats need no
   * reading; `stamps` are the chats' updatedAt as their summaries say.
   */
  restore(
    seq: number,
    chatIds: readonly string[],
    stamps: ReadonlyMap<string, string> | null,
  ): Promise<{ readonly current: ReadonlySet<string>; readonly restored: number }>;
  reply(message: SearchReply): void;
}

export type OpenChatTable = (databaseName: string) => Promise<ChatTableReader>;

export interface DatabaseFeed {
  /**
   * The initial read: the persisted entries still current, then every other chat, newest first,
   * in batches (SE15, SE17).
   */
  read(seq: number, databaseName: string, stamps: ReadonlyMap<string, string> | null): void;
  /** Re-reads chats the client says changed (added, edited, deleted or purged). */
  reread(seq: number, chatIds: readonly string[]): void;
  /**
   * Reads chats now, outside the queue of operations (the original texts of results shown);
   * rejects when the database is not open.
   */
  readNow(chatIds: readonly string[]): Promise<unknown[]>;
}

/**
 * Large: the worker parses off the main thread, and one read-only transaction per batch keeps
 * the 10,000 reads of a big library cheap. The host still indexes in short slices.
 */
const BATCH_SIZE = 250;

/**
 * The worker side of the database path (SE15): reads chats from IndexedDB and queues their raw
 * values for the host, which turns them into search documents as it applies them. Operations run
 * one after another in the order they arrived, so a re-read always starts after everything
 * before it was read: an older copy can never land after a newer one.
 *
 * When the table cannot be read (no database, a newer schema, a failed read) the feed reports
 * `database-unavailable` once and closes every operation still pending or arriving, so the
 * client's sequence numbers all come back applied and it can feed the index itself.
 */
export function createDatabaseFeed(
  openTable: OpenChatTable | undefined,
  sink: StoredChatSink,
  batchSize = BATCH_SIZE,
): DatabaseFeed {
  let reader: ChatTableReader | null = null;
  let unavailable = false;
  let chain: Promise<void> = Promise.resolve();

  function giveUp(error: unknown): void {
    if (unavailable) return;
    unavailable = true;
    reader?.close();
    reader = null;
    sink.reply({ type: 'database-unavailable', reason: String(error) });
  }

  /** Runs `work` after every earlier operation; `seq` is closed however it ends. */
  function enqueue(seq: number, work: () => Promise<void>): void {
    sink.open(seq);
    if (unavailable) {
      // Closed at once (not behind the chain), before any later message from the client arrives.
      sink.close(seq);
      return;
    }
    chain = chain.then(async () => {
      try {
        if (!unavailable) await work();
      } catch (error) {
        giveUp(error);
      } finally {
        sink.close(seq);
      }
    });
  }

  async function readAll(
    seq: number,
    databaseName: string,
    stamps: ReadonlyMap<string, string> | null,
  ): Promise<void> {
    if (!openTable) throw new Error('this host cannot read IndexedDB');
    reader = await openTable(databaseName);
    const ids = await reader.listChatIds();
    const total = ids.length;
    sink.reply({ type: 'read-progress', read: 0, total });
    const { current, restored } = await sink.restore(seq, ids, stamps);
    const toRead = current.size > 0 ? ids.filter((id) => !current.has(id)) : ids;
    const done = total - toRead.length;
    if (done > 0) sink.reply({ type: 'read-progress', read: done, total });
    for (let start = 0; start < toRead.length; start += batchSize) {
      await sink.backlogAtMost(batchSize);
      const batch = toRead.slice(start, start + batchSize);
      const values = await reader.readChats(batch);
      sink.queue(
        seq,
        batch.map((id, i) => ({ id, value: values[i] })),
        'skip',
      );
      sink.reply({ type: 'read-progress', read: done + start + batch.length, total });
    }
    sink.reply({ type: 'read-loaded', restored, reindexed: toRead.length });
  }

  return {
    read(seq, databaseName, stamps) {
      enqueue(seq, () => readAll(seq, databaseName, stamps));
    },
    readNow(chatIds) {
      return reader ? reader.readChats(chatIds) : Promise.reject(new Error('database not open'));
    },
    reread(seq, chatIds) {
      enqueue(seq, async () => {
        if (!reader) throw new Error('re-read before the database was read');
        const values = await reader.readChats(chatIds);
        sink.queue(
          seq,
          chatIds.map((id, i) => ({ id, value: values[i] })),
          'remove',
        );
      });
    },
  };
}
