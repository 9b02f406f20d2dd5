import type { MessageFilters } from './gram-filter';
import type { IndexedChat } from './indexed-chat';

/**
 * A chat's index entry as persisted (SE17, decision 0081): plain values and typed arrays, which
 * structured cloning stores and reads back without any work per message. Stamped with the index
 * format and the chat's `updatedAt`: an entry of another format, or of another version of the
 * chat, is indexed anew. A chat that the index does not hold (deleted, unreadable) is persisted as
 * a stamp alone, so a restart knows it is up to date without reading it.
 */
export interface IndexedChatRecord {
  readonly format: number;
  readonly id: string;
  readonly updatedAt: string;
  /** Absent for a chat that is stamped only (not searchable). */
  readonly entry?: Pick<
    IndexedChat,
    | 'title'
    | 'archived'
    | 'normalizedTitle'
    | 'messageIds'
    | 'otherVersions'
    | 'normalizedMessages'
    | 'textHashes'
  > & {
    readonly filterChat: Uint32Array;
    readonly filterWords: Uint32Array;
    readonly filterStarts: Uint32Array;
  };
}

/**
 * The name of the IndexedDB database the web app persists the index in: the search feature's
 * own, never the app's. Here so that Clear All Data (a storage adapter) can delete it too.
 */
export const SEARCH_DATABASE_NAME = 'parley-search';

/**
 * Raise when the index's content or layout changes (normalisation, gram hashing, filter layout,
 * what a document holds): every persisted entry is then rebuilt.
 */
export const SEARCH_INDEX_FORMAT = 1;

export function toIndexedChatRecord(chat: IndexedChat): IndexedChatRecord {
  return {
    format: SEARCH_INDEX_FORMAT,
    id: chat.id,
    updatedAt: chat.updatedAt,
    entry: {
      title: chat.title,
      archived: chat.archived,
      normalizedTitle: chat.normalizedTitle,
      messageIds: chat.messageIds,
      otherVersions: chat.otherVersions,
      normalizedMessages: chat.normalizedMessages,
      textHashes: chat.textHashes,
      filterChat: chat.filters.chat,
      filterWords: chat.filters.words,
      filterStarts: chat.filters.starts,
    },
  };
}

/** The record of a chat the index does not hold (deleted or unreadable at `updatedAt`). */
export function stampOnlyRecord(id: string, updatedAt: string): IndexedChatRecord {
  return { format: SEARCH_INDEX_FORMAT, id, updatedAt };
}

const isPowerOfTwo = (n: number) => n > 0 && (n & (n - 1)) === 0;

function validFilters(chat: Uint32Array, words: Uint32Array, starts: Uint32Array, messages: number): boolean {
  if (!isPowerOfTwo(chat.length) || starts.length !== messages + 1 || starts[0] !== 0) return false;
  for (let i = 0; i < messages; i++) {
    if (!isPowerOfTwo(starts[i + 1]! - starts[i]!)) return false;
  }
  return starts[messages] === words.length;
}

/** By tag, not instanceof: a value cloned in another realm (a test's fake IndexedDB) is still one. */
const isTyped = <T>(value: unknown, name: string): value is T =>
  Object.prototype.toString.call(value) === `[object ${name}]`;

const isStringArray = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

/**
 * Reads a persisted record back: `stale` for another format, `damaged` for anything not in the
 * shape this build writes (never thrown: the chat is then simply indexed anew).
 */
export function fromIndexedChatRecord(
  value: unknown,
):
  | { readonly kind: 'entry'; readonly chat: IndexedChat }
  | { readonly kind: 'stamp'; readonly id: string; readonly updatedAt: string }
  | { readonly kind: 'stale' | 'damaged' } {
  if (typeof value !== 'object' || value === null) return { kind: 'damaged' };
  const record = value as Partial<IndexedChatRecord>;
  if (record.format !== SEARCH_INDEX_FORMAT) return { kind: 'stale' };
  if (typeof record.id !== 'string' || typeof record.updatedAt !== 'string') return { kind: 'damaged' };
  if (record.entry === undefined) return { kind: 'stamp', id: record.id, updatedAt: record.updatedAt };
  const entry = record.entry as Partial<NonNullable<IndexedChatRecord['entry']>> | null;
  if (
    typeof entry !== 'object' ||
    entry === null ||
    typeof entry.title !== 'string' ||
    typeof entry.archived !== 'boolean' ||
    typeof entry.normalizedTitle !== 'string' ||
    !isStringArray(entry.messageIds) ||
    !isStringArray(entry.normalizedMessages) ||
    !isTyped<Int32Array>(entry.textHashes, 'Int32Array') ||
    !isTyped<Uint32Array>(entry.filterChat, 'Uint32Array') ||
    !isTyped<Uint32Array>(entry.filterWords, 'Uint32Array') ||
    !isTyped<Uint32Array>(entry.filterStarts, 'Uint32Array') ||
    !(entry.otherVersions === null || isTyped<Uint8Array>(entry.otherVersions, 'Uint8Array'))
  )
    return { kind: 'damaged' };
  const messages = entry.messageIds.length;
  if (
    entry.normalizedMessages.length !== messages ||
    entry.textHashes.length !== messages ||
    (entry.otherVersions !== null && entry.otherVersions.length !== messages) ||
    !validFilters(entry.filterChat, entry.filterWords, entry.filterStarts, messages)
  )
    return { kind: 'damaged' };
  const filters: MessageFilters = {
    chat: entry.filterChat,
    words: entry.filterWords,
    starts: entry.filterStarts,
  };
  return {
    kind: 'entry',
    chat: {
      id: record.id,
      title: entry.title,
      updatedAt: record.updatedAt,
      archived: entry.archived,
      normalizedTitle: entry.normalizedTitle,
      messageIds: entry.messageIds,
      otherVersions: entry.otherVersions,
      normalizedMessages: entry.normalizedMessages,
      textHashes: entry.textHashes,
      filters,
      texts: null,
    },
  };
}
