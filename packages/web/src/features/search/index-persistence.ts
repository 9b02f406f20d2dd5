import { fromIndexedChatRecord, stampOnlyRecord, toIndexedChatRecord } from '@parley/core/search';
import type { IndexedChat, IndexedChatRecord, SearchDocument } from '@parley/core/search';
import type { SearchIndexDatabase } from './search-index-database';

export type OpenSearchIndexDatabase = () => Promise<SearchIndexDatabase>;

/** What a restore found: chats whose persisted entry is current, and how many entries it used. */
export interface RestoreOutcome {
  /** Chat ids that need no reading: their entry (or stamp) matches the chat's updatedAt. */
  readonly current: ReadonlySet<string>;
  readonly restored: number;
}

/**
 * Writes are gathered and committed together, at most this many chats per transaction... The puts
 * of a transaction run in one go in the worker, and a query waits behind them: after the first
 * build, 200 chats a write held queries up to ~40 ms (worker p95 37.7 ms while persisting); 25 keep
 * it at ~19 ms (decision 0149). And no write starts while the user types (decision 0159).
 */
const WRITE_BATCH = 25;
/** ...or what was gathered this long after the first of them. */
const WRITE_DELAY_MS = 500;

/**
 * The host's side of the persisted index (SE17, decision 0081): restores entries at start and
 * persists every chat the host indexes from the database. Every failure of the search database
 * only turns persistence off (the index is then built from the chats on each start, as before):
 * never an error for the user.
 */
export class IndexPersistence {
  private database: SearchIndexDatabase | null = null;
  private opening: Promise<SearchIndexDatabase | null> | null = null;
  /** Gathered by chat id: a chat saved again before the write (a streamed answer) is written once. */
  private records = new Map<string, IndexedChatRecord>();
  private deleted = new Set<string>();
  private writing: Promise<void> = Promise.resolve();
  private flushTimer: ReturnType<typeof setTimeout> | undefined;
  /** Resolved by settled(): the writes gathered until then wait for no quiet time. */
  private hurried = deferred();

  /**
   * `whenQuiet` holds each write until the user stops typing (the host's typing gate): a query
   * must not wait behind a write's puts or its commit (decision 0159).
   */
  constructor(
    private readonly openDatabase: OpenSearchIndexDatabase | undefined,
    private readonly whenQuiet: () => Promise<void> = () => Promise.resolve(),
  ) {}

  private open(): Promise<SearchIndexDatabase | null> {
    this.opening ??= (this.openDatabase ? this.openDatabase() : Promise.reject(new Error('none')))
      .then((database) => (this.database = database))
      .catch(() => null);
    return this.opening;
  }

  /**
   * Reads the persisted entries and inserts those still current: a chat in `chatIds` whose entry
   * has the updatedAt its summary has (`stamps`). Entries of chats that are gone are deleted;
   * the others (changed chats, another format, damaged records) are overwritten when the chat is
   * read. Without stamps nothing can be trusted: nothing is restored.
   */
  async restore(
    chatIds: readonly string[],
    stamps: ReadonlyMap<string, string> | null,
    insert: (chat: IndexedChat) => void,
    backlogAtMost: (count: number) => Promise<void>,
  ): Promise<RestoreOutcome> {
    const current = new Set<string>();
    const database = await this.open();
    if (!database || !stamps) return { current, restored: 0 };
    const present = new Set(chatIds);
    const gone: string[] = [];
    let restored = 0;
    try {
      await database.readAll(async (values) => {
        await backlogAtMost(values.length);
        for (const value of values) {
          const found = fromIndexedChatRecord(value);
          const id = found.kind === 'entry' ? found.chat.id : recordId(value);
          if (id === undefined) continue;
          if (!present.has(id)) {
            gone.push(id);
            continue;
          }
          // Another format or a damaged record: the chat is read and its record overwritten.
          if (found.kind !== 'entry' && found.kind !== 'stamp') continue;
          const updatedAt = found.kind === 'entry' ? found.chat.updatedAt : found.updatedAt;
          if (stamps.get(id) !== updatedAt) continue;
          current.add(id);
          if (found.kind === 'entry') {
            insert(found.chat);
            restored += 1;
          }
        }
      });
      if (gone.length > 0) await database.write({ records: [], deleted: gone });
    } catch {
      // Whatever was inserted is current; the chats are all read again anyway.
      this.turnOff();
      return { current: new Set(), restored: 0 };
    }
    return { current, restored };
  }

  /** Records a chat the host indexed from the database (entry undefined: not searchable, e.g. deleted). */
  indexed(doc: SearchDocument, entry: IndexedChat | undefined): void {
    if (!this.database) return;
    this.records.set(doc.id, entry ? toIndexedChatRecord(entry) : stampOnlyRecord(doc.id, doc.updatedAt));
    this.deleted.delete(doc.id);
    this.queueFlush();
  }

  /** A chat left the index without a readable value (purged): its entry goes too. */
  removed(chatId: string): void {
    if (!this.database) return;
    this.records.delete(chatId);
    this.deleted.add(chatId);
    this.queueFlush();
  }

  /**
   * Big batches (the first build) are written at once; a few chats wait a little, so that the
   * saves of a streamed answer (re-read every 300 ms) make one write, not one per save.
   */
  private queueFlush(): void {
    if (this.records.size + this.deleted.size >= WRITE_BATCH) {
      this.flush();
      return;
    }
    this.flushTimer ??= setTimeout(() => this.flush(), WRITE_DELAY_MS);
  }

  /** Commits what was gathered; one transaction at a time, in order. */
  private flush(): void {
    if (this.flushTimer !== undefined) clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    if (this.records.size + this.deleted.size === 0) return;
    const change = { records: [...this.records.values()], deleted: [...this.deleted] };
    this.records = new Map();
    this.deleted = new Set();
    const hurried = this.hurried.promise;
    this.writing = this.writing.then(async () => {
      await Promise.race([this.whenQuiet(), hurried]);
      const database = this.database;
      if (!database) return;
      try {
        await database.write(change);
      } catch {
        this.turnOff();
      }
    });
  }

  /** Resolves once everything gathered so far is committed (tests, benchmarks). */
  settled(): Promise<void> {
    this.flush();
    this.hurried.resolve();
    this.hurried = deferred();
    return this.writing;
  }

  private turnOff(): void {
    this.database?.close();
    this.database = null;
  }
}

function deferred(): { readonly promise: Promise<void>; readonly resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((settle) => (resolve = settle));
  return { promise, resolve };
}

function recordId(value: unknown): string | undefined {
  const id = typeof value === 'object' && value !== null ? (value as { id?: unknown }).id : undefined;
  return typeof id === 'string' ? id : undefined;
}
