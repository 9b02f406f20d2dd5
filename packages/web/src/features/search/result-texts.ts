import { searchDocumentOfStoredChat } from '@parley/core/search';
import type { IndexedChat, SearchHit } from '@parley/core/search';

/** Reads stored chats by id from the app's database (the host's reader), in order. */
export type ReadStoredChats = (chatIds: readonly string[]) => Promise<unknown[]>;

/** Original texts of recently shown results kept (UTF-16 units): typing that narrows reuses them. */
const CACHE_UNITS = 4_000_000;

interface CachedTexts {
  readonly updatedAt: string;
  readonly texts: readonly string[];
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

  /** The chats whose texts some hit needs and that are not at hand. */
  missing(hits: readonly SearchHit[]): IndexedChat[] {
    const chats = new Set<IndexedChat>();
    for (const hit of hits) if (hit.message >= 0 && this.textOf(hit) === undefined) chats.add(hit.chat);
    return [...chats];
  }

  /** Reads the texts of these chats into the cache. Never rejects. */
  async load(chats: readonly IndexedChat[], read: ReadStoredChats): Promise<void> {
    if (chats.length === 0) return;
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
      this.remember(
        chat.id,
        doc.updatedAt,
        doc.messages.map((message) => message.text),
      );
    });
  }

  /** A chat was re-indexed or removed: its cached texts are of an older version. */
  forget(chatId: string): void {
    const old = this.cache.get(chatId);
    if (!old) return;
    this.cache.delete(chatId);
    this.units -= old.units;
  }

  private remember(chatId: string, updatedAt: string, texts: readonly string[]): void {
    this.forget(chatId);
    const units = texts.reduce((sum, text) => sum + text.length, 0);
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
