import { queryGramHashes } from './gram-filter';
import { firstMatchingMessage, indexChat, newestFirst } from './indexed-chat';
import type { IndexedChat } from './indexed-chat';
import { normalizeQuery } from './normalize-text';
import { ScanCache } from './scan-cache';
import type { SearchDocument } from './search-document';
import { searchHit, toChatSearchResult } from './search-hit';
import type { SearchHit } from './search-hit';
import { DEFAULT_SEARCH_LIMIT } from './search-result';
import type { ChatSearchOptions, ChatSearchResponse } from './search-result';

/** What a query found, before highlights and previews (which need the original text). */
export interface ChatSearchHits {
  readonly normalizedQuery: string;
  /** At most `limit`, in rank order. */
  readonly hits: readonly SearchHit[];
  readonly hasMore: boolean;
}

export interface ChatSearchIndexOptions {
  /**
   * Hold each chat's original message text (default true). Without it the index holds only what a
   * query needs, and results are made with `resultsOf`, given the texts from elsewhere.
   */
  readonly keepTexts?: boolean;
}

export interface ChatSearchIndexStats {
  readonly chats: number;
  readonly messages: number;
  /** UTF-16 units of title and message text held in their original form. */
  readonly textUnits: number;
  readonly normalizedUnits: number;
  readonly filterBytes: number;
}

/**
 * Substring search over chat titles and message text (rules in SPEC.md). Chats are added,
 * replaced and removed one at a time (SE12); a query runs in three steps:
 *   1. titles: every normalised title, newest chat first, until limit+1 title hits;
 *   2. messages: chats in the same order whose gram filter holds the query's grams are verified
 *      with indexOf on their normalised messages, until limit+1 hits in all;
 *   3. the first `limit` hits get their highlight and preview.
 * Ranking is "title before message, then newest", so the scan in recency order can stop as soon
 * as it has enough hits: common queries end early, rare ones are cut down by the filters.
 */
export class ChatSearchIndex {
  private readonly chats = new Map<string, IndexedChat>();
  private recency: IndexedChat[] | null = null;
  /** All normalised titles in recency order, joined by NUL (which no query contains), and where each starts. */
  private titles: { readonly text: string; readonly starts: Int32Array } | null = null;
  private readonly scans = new ScanCache();
  private readonly keepTexts: boolean;

  constructor(options: ChatSearchIndexOptions = {}) {
    this.keepTexts = options.keepTexts ?? true;
  }

  get size(): number {
    return this.chats.size;
  }

  has(chatId: string): boolean {
    return this.chats.has(chatId);
  }

  /** The chat's entry as indexed (to persist it), if the index holds it. */
  get(chatId: string): IndexedChat | undefined {
    return this.chats.get(chatId);
  }

  /**
   * Adds or replaces a chat and returns its entry; a deleted one is removed instead (SE13).
   * `keepTexts` overrides the index's option for this chat (its texts are kept elsewhere).
   */
  upsert(doc: SearchDocument, keepTexts = this.keepTexts): IndexedChat | undefined {
    if (doc.deleted) {
      this.remove(doc.id);
      return undefined;
    }
    const entry = indexChat(doc, this.chats.get(doc.id), keepTexts);
    this.insert(entry);
    return entry;
  }

  /** The `count` most recently updated chats, in ranking order (SE11). */
  newest(count: number): readonly IndexedChat[] {
    return this.recencyOrder().slice(0, count);
  }

  /** Adds or replaces an entry built earlier (indexChat, or read back from where it was persisted). */
  insert(entry: IndexedChat): void {
    const previous = this.chats.get(entry.id);
    this.chats.set(entry.id, entry);
    const order = this.recency;
    if (order && previous && previous.updatedAt === entry.updatedAt) {
      order[order.indexOf(previous)] = entry;
      this.titles = null;
    } else {
      this.recency = null;
    }
    this.scans.clear();
  }

  remove(chatId: string): boolean {
    const removed = this.chats.delete(chatId);
    if (removed) {
      this.recency = null;
      this.scans.clear();
    }
    return removed;
  }

  clear(): void {
    this.chats.clear();
    this.recency = null;
    this.scans.clear();
  }

  /** Searches with the texts the index holds (an index without them previews normalised text). */
  search(query: string, options: ChatSearchOptions = {}): ChatSearchResponse {
    return this.resultsOf(this.find(query, options), (hit) => hit.chat.texts?.[hit.message]);
  }

  /** Highlights and previews for what `find` found; `textOf` gives the original text of a hit's message. */
  resultsOf(found: ChatSearchHits, textOf: (hit: SearchHit) => string | undefined): ChatSearchResponse {
    const { normalizedQuery, hits, hasMore } = found;
    return {
      normalizedQuery,
      results: hits.map((hit) =>
        toChatSearchResult(hit, normalizedQuery, hit.message >= 0 ? textOf(hit) : undefined),
      ),
      hasMore,
    };
  }

  /** The chats a query finds, ranked (SE11, SE12), without their previews. */
  find(query: string, options: ChatSearchOptions = {}): ChatSearchHits {
    const limit = Math.max(0, Math.floor(options.limit ?? DEFAULT_SEARCH_LIMIT));
    const normalizedQuery = normalizeQuery(query);
    if (normalizedQuery === '' || limit === 0) return { normalizedQuery, hits: [], hasMore: false };
    const wanted = limit + 1;
    const order = this.recencyOrder();

    const titleHits = this.scanTitles(order, normalizedQuery, wanted);

    const messageHits =
      titleHits.length < wanted
        ? this.scanMessages(order, normalizedQuery, new Set(titleHits), wanted - titleHits.length)
        : [];

    const count = titleHits.length + messageHits.length;
    // A message hit keeps the message its scan found (the same firstMatchingMessage), not looked up again.
    const hits = [
      ...titleHits.map((chat) => searchHit(chat, normalizedQuery, 'title')),
      ...messageHits,
    ].slice(0, limit);
    return { normalizedQuery, hits, hasMore: count > limit };
  }

  /**
   * Hits of chats (newest first, not in `skip`) with a message containing the query, until `wanted`.
   * Starts from what the scan cache knows (typing one more character re-checks only the hits
   * of the shorter query plus the chats it never reached) and records what it learnt.
   */
  private scanMessages(
    order: readonly IndexedChat[],
    query: string,
    skip: ReadonlySet<IndexedChat>,
    wanted: number,
  ): SearchHit[] {
    const start = this.scans.startFor(query);
    const grams = queryGramHashes(query);
    const hits: SearchHit[] = [];
    const maybe: number[] = [];
    const consider = (position: number): boolean => {
      const chat = order[position]!;
      if (skip.has(chat)) {
        maybe.push(position); // not checked: the title matched
        return false;
      }
      const message = firstMatchingMessage(chat, query, grams);
      if (message < 0) return false;
      maybe.push(position);
      hits.push({ chat, matchedIn: 'message', message });
      return hits.length === wanted;
    };
    let scannedUpTo = -1;
    for (const position of start.maybe) {
      if (consider(position)) {
        scannedUpTo = position + 1;
        break;
      }
    }
    for (let position = start.scannedUpTo; scannedUpTo < 0 && position < order.length; position++) {
      if (consider(position)) scannedUpTo = position + 1;
    }
    this.scans.remember(query, { scannedUpTo: scannedUpTo < 0 ? order.length : scannedUpTo, maybe });
    return hits;
  }

  stats(): ChatSearchIndexStats {
    let messages = 0;
    let textUnits = 0;
    let normalizedUnits = 0;
    let filterBytes = 0;
    for (const chat of this.chats.values()) {
      messages += chat.messageIds.length;
      textUnits += chat.title.length;
      normalizedUnits += chat.normalizedTitle.length;
      for (const text of chat.texts ?? []) textUnits += text.length;
      for (const text of chat.normalizedMessages) normalizedUnits += text.length;
      filterBytes +=
        chat.filters.chat.byteLength + chat.filters.words.byteLength + chat.filters.starts.byteLength;
    }
    return { chats: this.chats.size, messages, textUnits, normalizedUnits, filterBytes };
  }

  /** Chats whose title contains the query, newest first, until `wanted`: one native scan of all titles. */
  private scanTitles(order: readonly IndexedChat[], query: string, wanted: number): IndexedChat[] {
    if (!this.titles) {
      const starts = new Int32Array(order.length + 1);
      let offset = 0;
      order.forEach((chat, i) => {
        starts[i] = offset;
        offset += chat.normalizedTitle.length + 1;
      });
      starts[order.length] = offset;
      this.titles = { text: order.map((chat) => chat.normalizedTitle).join('\u0000'), starts };
    }
    const { text, starts } = this.titles;
    const hits: IndexedChat[] = [];
    let from = 0;
    while (hits.length < wanted) {
      const at = text.indexOf(query, from);
      if (at < 0) break;
      // The chat whose title holds `at`: the last start <= at.
      let low = 0;
      let high = order.length - 1;
      while (low < high) {
        const mid = (low + high + 1) >> 1;
        if (starts[mid]! <= at) low = mid;
        else high = mid - 1;
      }
      hits.push(order[low]!);
      from = starts[low + 1]!;
    }
    return hits;
  }

  private recencyOrder(): IndexedChat[] {
    if (!this.recency) {
      this.recency = [...this.chats.values()].sort(newestFirst);
      this.titles = null;
    }
    return this.recency;
  }
}
