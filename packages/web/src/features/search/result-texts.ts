import { searchDocumentOfStoredChat } from '@parley/core/search';
import type { IndexedChat, SearchHit } from '@parley/core/search';

/** Reads stored chats by id from the app's database (the host's reader), in order. */
export type ReadStoredChats = (chatIds: readonly string[]) => Promise<unknown[]>;

/** Original texts of recently shown results kept (UTF-16 units, 16 MB): typing that narrows reuses them. */
const CACHE_UNITS = 8_000_000;
/**
 * A chat up to this size (a 5,000-message chat of ordinary answers) is kept whole: each keystroke
 * names other messages of it, and reading it again for each took 50-200 ms. Of a longer one only
 * the messages results named are kept, so one huge chat does not push every other out of the cache.
 */
const WHOLE_CHAT_UNITS = 2_000_000;

interface CachedTexts {
  readonly updatedAt: string;
  /** By message index; a long chat's holes are messages no result needed yet. */
  readonly texts: readonly (string | undefined)[];
  readonly units: number;
}

/**
 * The original message texts of the results a query returns, where the index does not hold them
 * (decision 0081): read from the app's chats table, read-only, for only the results' chats, and
 * cached. A chat read back at another updatedAt than the one indexed (it changed since; its
 * re-read is on its way) gives no text, nor does a failed read: the preview then shows the
 * normalised text, which still marks the match (toChatSearchResult).
 */
export class ResultTexts {
  private readonly cache = new Map<string, CachedTexts>();
  private units = 0;

  /** The original text of a hit's message, if at hand. */
  textOf(hit: SearchHit): string | undefined {
    const { chat, message } = hit;
    if (chat.texts) return chat.texts[message];
    const cached = this.cache.get(chat.id);
    return cached && fits(cached, chat) ? cached.texts[message] : undefined;
  }

  /** The hits whose message text is not at hand. */
  missing(hits: readonly SearchHit[]): SearchHit[] {
    return hits.filter((hit) => hit.message >= 0 && this.textOf(hit) === undefined);
  }

  /** Reads the texts these hits need (one read of their chats) into the cache. Never rejects. */
  async load(hits: readonly SearchHit[], read: ReadStoredChats): Promise<void> {
    const needed = new Map<IndexedChat, number[]>();
    for (const hit of hits) needed.set(hit.chat, [...(needed.get(hit.chat) ?? []), hit.message]);
    if (needed.size === 0) return;
    const chats = [...needed.keys()];
    let values: unknown[];
    try {
      values = await read(chats.map((chat) => chat.id));
    } catch {
      return;
    }
    chats.forEach((chat, i) => {
      const value = values[i];
      const doc = value === undefined ? undefined : searchDocumentOfStoredChat(chat.id, value);
      if (!doc || doc.updatedAt !== chat.updatedAt || doc.messages.length !== chat.messageIds.length) return;
      const all = doc.messages.map((message) => message.text);
      const whole = all.reduce((sum, text) => sum + text.length, 0) <= WHOLE_CHAT_UNITS;
      const known = this.cache.get(chat.id);
      const texts = whole
        ? all
        : Array.from({ length: all.length }, (_, m) =>
            known && fits(known, chat) ? known.texts[m] : undefined,
          );
      if (!whole) for (const message of needed.get(chat)!) texts[message] = all[message];
      this.remember(chat.id, doc.updatedAt, texts);
    });
  }

  /**
   * Keeps the texts of a chat the host has just read and indexed, while the cache is under half
   * full: the first build reads the newest chats first, so their texts are at hand without the
   * read ahead reading them again (decision 0159). `texts` are the messages of the document the
   * chat's entry was made from, so they fit it.
   */
  keepRead(chatId: string, updatedAt: string, texts: readonly string[]): void {
    const units = texts.reduce((sum, text) => sum + text.length, 0);
    const others = this.units - (this.cache.get(chatId)?.units ?? 0);
    if (others + units > CACHE_UNITS / 2 || units > WHOLE_CHAT_UNITS) this.forget(chatId);
    else this.remember(chatId, updatedAt, texts);
  }

  /**
   * Reads ahead the texts of these chats (the newest: ranking puts them first, so most results
   * of typing come from them) until the cache is half full, each batch once `ready` resolves (no
   * query waits for its own read then). Small batches: a keystroke that comes while one is
   * parsed waits for 5 chats, not 25 (decision 0159). Never rejects.
   */
  async prefetch(
    chats: readonly IndexedChat[],
    read: ReadStoredChats,
    ready: () => Promise<void> = () => Promise.resolve(),
    batchSize = 5,
  ): Promise<void> {
    const wanted = chats.filter((chat) => !chat.texts && !this.cache.has(chat.id));
    for (let start = 0; start < wanted.length && this.units < CACHE_UNITS / 2; start += batchSize) {
      await ready();
      const batch = wanted.slice(start, start + batchSize).filter((chat) => !this.cache.has(chat.id));
      await this.load(
        batch.map((chat) => ({ chat, message: 0, matchedIn: 'message' as const })),
        read,
      );
    }
  }

  /** A chat was re-indexed or removed: its cached texts are of an older version. */
  forget(chatId: string): void {
    const old = this.cache.get(chatId);
    if (!old) return;
    this.cache.delete(chatId);
    this.units -= old.units;
  }

  private remember(chatId: string, updatedAt: string, texts: readonly (string | undefined)[]): void {
    this.forget(chatId);
    const units = texts.reduce((sum, text) => sum + (text?.length ?? 0), 0);
    this.cache.set(chatId, { updatedAt, texts, units });
    this.units += units;
    // Oldest first (insertion order) until the cache fits again.
    for (const [id, old] of this.cache) {
      if (this.units <= CACHE_UNITS) break;
      this.cache.delete(id);
      this.units -= old.units;
    }
  }
}

function fits(cached: CachedTexts, chat: IndexedChat): boolean {
  return cached.updatedAt === chat.updatedAt && cached.texts.length === chat.messageIds.length;
}
