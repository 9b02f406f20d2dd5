import { fromIndexedChatRecord, stampOnlyRecord, toIndexedChatRecord } from '@parley/core/search';
import type { IndexedChat, IndexedChatRecord, SearchDocument, SearchHit } from '@parley/core/search';
import type { SearchIndexDatabase, StoredChatTexts } from './search-index-database';

export type OpenSearchIndexDatabase = () => Promise<SearchIndexDatabase>;

/** What a restore found: chats whose persisted entry is current, and how many entries it used. */
export interface RestoreOutcome {
  /** Chat ids that need no reading: their entry (or stamp) matches the chat's updatedAt. */
  readonly current: ReadonlySet<string>;
  readonly restored: number;
}

/** Writes are gathered and committed together, at most this many chats per transaction. */
const WRITE_BATCH = 200;
/** Original texts of recently shown results kept in memory (UTF-16 units): typing reuses them. */
const TEXT_CACHE_UNITS = 4_000_000;

/**
 * The host's side of the persisted index (SE17, decision 0081): restores entries at start,
 * persists every chat the host indexes from the database, and supplies the original texts of
 * results. Every failure of the search database only turns persistence off (the index is then
 * built from the chats, as before, and holds the texts itself): never an error for the user.
 */
export class IndexPersistence {
  private database: SearchIndexDatabase | null = null;
  private opening: Promise<SearchIndexDatabase | null> | null = null;
  private records: IndexedChatRecord[] = [];
  private texts: StoredChatTexts[] = [];
  private deleted: string[] = [];
  /** Texts written but maybe not yet committed, by chat id. */
  private readonly unwritten = new Map<string, StoredChatTexts>();
  private readonly cache = new Map<string, StoredChatTexts>();
  private cachedUnits = 0;
  private writing: Promise<void> = Promise.resolve();
  private flushQueued = false;

  constructor(private readonly openDatabase: OpenSearchIndexDatabase | undefined) {}

  /** Whether indexed chats' texts live in the search database (the index need not hold them). */
  get active(): boolean {
    return this.database !== null;
  }

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
      if (gone.length > 0) await database.write({ records: [], texts: [], deleted: gone });
    } catch {
      // What was inserted is current, but without the database its texts are out of reach: read all.
      this.turnOff();
      return { current: new Set(), restored: 0 };
    }
    return { current, restored };
  }

  /** Records a chat the host indexed from the database (entry undefined: not searchable, e.g. deleted). */
  indexed(doc: SearchDocument, entry: IndexedChat | undefined): void {
    if (!this.database) return;
    if (entry) {
      this.records.push(toIndexedChatRecord(entry));
      const texts: StoredChatTexts = {
        id: doc.id,
        updatedAt: doc.updatedAt,
        texts: doc.messages.map((message) => message.text),
      };
      this.texts.push(texts);
      this.unwritten.set(doc.id, texts);
    } else {
      this.records.push(stampOnlyRecord(doc.id, doc.updatedAt));
      this.deleted.push(doc.id);
    }
    this.dropCached(doc.id);
    this.queueFlush();
  }

  /** A chat left the index without a readable value (purged): its entry goes too. */
  removed(chatId: string): void {
    if (!this.database) return;
    this.deleted.push(chatId);
    this.dropCached(chatId);
    this.queueFlush();
  }

  /** The original text of a hit's message, if at hand (held by the index, unwritten or cached). */
  textOf(hit: SearchHit): string | undefined {
    const { chat, message } = hit;
    if (chat.texts) return chat.texts[message];
    const stored = this.unwritten.get(chat.id) ?? this.cache.get(chat.id);
    return stored && this.fits(stored, chat) ? stored.texts[message] : undefined;
  }

  /** Whether some hit's text is not at hand but can be read from the search database. */
  needsTexts(hits: readonly SearchHit[]): boolean {
    return this.database !== null && hits.some((hit) => hit.message >= 0 && this.textOf(hit) === undefined);
  }

  /** Reads (into the cache) the texts the hits need that are not at hand. Never rejects. */
  async loadTexts(hits: readonly SearchHit[]): Promise<void> {
    const missing = hits
      .filter((hit) => hit.message >= 0 && this.textOf(hit) === undefined)
      .map((hit) => hit.chat);
    if (missing.length === 0 || !this.database) return;
    try {
      const found = await this.database.readTexts(missing.map((chat) => chat.id));
      found.forEach((stored, i) => {
        if (stored && this.fits(stored, missing[i]!)) this.remember(stored);
      });
    } catch {
      // The preview then shows the normalised text (toChatSearchResult).
    }
  }

  private fits(stored: StoredChatTexts, chat: IndexedChat): boolean {
    return stored.updatedAt === chat.updatedAt && stored.texts.length === chat.messageIds.length;
  }

  private remember(stored: StoredChatTexts): void {
    this.dropCached(stored.id);
    this.cache.set(stored.id, stored);
    this.cachedUnits += unitsOf(stored);
    for (const [id, old] of this.cache) {
      if (this.cachedUnits <= TEXT_CACHE_UNITS) break;
      this.cache.delete(id);
      this.cachedUnits -= unitsOf(old);
    }
  }

  private dropCached(chatId: string): void {
    const old = this.cache.get(chatId);
    if (!old) return;
    this.cache.delete(chatId);
    this.cachedUnits -= unitsOf(old);
  }

  private queueFlush(): void {
    if (this.records.length + this.deleted.length >= WRITE_BATCH) {
      this.flush();
      return;
    }
    if (this.flushQueued) return;
    this.flushQueued = true;
    setTimeout(() => {
      this.flushQueued = false;
      this.flush();
    }, 0);
  }

  /** Commits what was gathered; one transaction at a time, in order. */
  private flush(): void {
    const change = { records: this.records, texts: this.texts, deleted: this.deleted };
    if (change.records.length + change.deleted.length === 0) return;
    this.records = [];
    this.texts = [];
    this.deleted = [];
    this.writing = this.writing.then(async () => {
      const database = this.database;
      if (!database) return;
      try {
        await database.write(change);
      } catch {
        // Texts not written stay in `unwritten`, so previews still find them.
        this.turnOff();
        return;
      }
      for (const texts of change.texts) {
        if (this.unwritten.get(texts.id) === texts) this.unwritten.delete(texts.id);
      }
    });
  }

  /** Resolves once everything gathered so far is committed (tests, benchmarks). */
  settled(): Promise<void> {
    this.flush();
    return this.writing;
  }

  private turnOff(): void {
    this.database?.close();
    this.database = null;
  }
}

function recordId(value: unknown): string | undefined {
  const id = typeof value === 'object' && value !== null ? (value as { id?: unknown }).id : undefined;
  return typeof id === 'string' ? id : undefined;
}

function unitsOf(stored: StoredChatTexts): number {
  let units = 0;
  for (const text of stored.texts) units += text.length;
  return units;
}
