import { buildMessageFilters, chatMayContain, messageMayContain, rebuildMessageFilters } from './gram-filter';
import type { MessageFilters } from './gram-filter';
import { normalizeForSearch } from './normalize-text';
import type { SearchDocument } from './search-document';

/**
 * A chat as the index holds it: what a query needs (normalised text and filters) plus the little a
 * result names (id, title, flags, message ids). The original message text is held only when the
 * index was asked to (`texts`); otherwise it is read from where the chat is stored, for the few
 * results shown (decision 0081). Message-level data are arrays indexed by message, not one object
 * per message.
 */
export interface IndexedChat {
  readonly id: string;
  readonly title: string;
  readonly updatedAt: string;
  readonly archived: boolean;
  readonly normalizedTitle: string;
  readonly messageIds: readonly string[];
  /** otherVersions[i] is 1 when message i is on a version the chat does not show (SE3c); null: none is. */
  readonly otherVersions: Uint8Array | null;
  /** normalizedMessages[i] is message i's text normalised. */
  readonly normalizedMessages: readonly string[];
  /** A hash of each message's original text (with its length), so an edit re-hashes only what changed. */
  readonly textHashes: Int32Array;
  readonly filters: MessageFilters;
  /** The original message texts, or null when they are not held in memory. */
  readonly texts: readonly string[] | null;
}

/** FNV-1a over the UTF-16 units, mixed with the length: tells an unchanged message from an edited one. */
export function textHash(text: string): number {
  let h = 0x811c9dc5 ^ text.length;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h | 0;
}

/**
 * Indexes a chat. Given the entry of its previous version, messages whose id and text are
 * unchanged keep their normalised text and filter: re-indexing a 5,000-message chat while an
 * answer streams into it then costs about one message, not 5,000 (a hash per message).
 */
export function indexChat(doc: SearchDocument, previous?: IndexedChat, keepTexts = true): IndexedChat {
  const hashes = Int32Array.from(doc.messages, (message) => textHash(message.text));
  const reuse = previous ? unchangedMessages(doc, hashes, previous) : null;
  const normalizedMessages = doc.messages.map((message, i) => {
    const from = reuse?.[i] ?? -1;
    return from >= 0 ? previous!.normalizedMessages[from]! : normalizeForSearch(message.text);
  });
  const normalizedTitle =
    previous && previous.title === doc.title ? previous.normalizedTitle : normalizeForSearch(doc.title);
  let otherVersions: Uint8Array | null = null;
  doc.messages.forEach((message, i) => {
    if (!message.otherVersion) return;
    otherVersions ??= new Uint8Array(doc.messages.length);
    otherVersions[i] = 1;
  });
  return {
    id: doc.id,
    title: doc.title,
    updatedAt: doc.updatedAt,
    archived: doc.archived,
    normalizedTitle,
    messageIds: doc.messages.map((message) => message.id),
    otherVersions,
    normalizedMessages,
    textHashes: hashes,
    filters:
      previous && reuse
        ? rebuildMessageFilters(normalizedMessages, previous.filters, reuse)
        : buildMessageFilters(normalizedMessages),
    texts: keepTexts ? doc.messages.map((message) => message.text) : null,
  };
}

/** For each message of `doc`, the index of the same message (id and text) in `previous`, or -1; null if none. */
function unchangedMessages(
  doc: SearchDocument,
  hashes: Int32Array,
  previous: IndexedChat,
): Int32Array | null {
  const before = new Map<string, number>();
  previous.messageIds.forEach((id, i) => before.set(id, i));
  const reuse = new Int32Array(doc.messages.length).fill(-1);
  let reused = 0;
  doc.messages.forEach((message, i) => {
    const from = before.get(message.id);
    if (from === undefined || previous.textHashes[from] !== hashes[i]) return;
    // Where the old text is at hand, compare it exactly; the hash (with the length) stands in otherwise.
    if (previous.texts && previous.texts[from] !== message.text) return;
    reuse[i] = from;
    reused += 1;
  });
  return reused > 0 ? reuse : null;
}

/** Whether message i is on a version the chat does not show. */
export function isOtherVersion(chat: IndexedChat, message: number): boolean {
  return chat.otherVersions !== null && chat.otherVersions[message] === 1;
}

/**
 * Index of the first message (in chat order) containing the normalised query, or -1: the first the
 * chat shows, else the first on another version (SE3c). `grams` are the query's (queryGramHashes):
 * messages whose filter lacks one are skipped unread.
 */
export function firstMatchingMessage(chat: IndexedChat, query: string, grams: Int32Array): number {
  if (!chatMayContain(chat.filters, grams)) return -1;
  const texts = chat.normalizedMessages;
  let otherVersion = -1;
  for (let i = 0; i < texts.length; i++) {
    if (!messageMayContain(chat.filters, i, grams) || !texts[i]!.includes(query)) continue;
    if (!isOtherVersion(chat, i)) return i;
    if (otherVersion < 0) otherVersion = i;
  }
  return otherVersion;
}

/** Ranking among equals (SE11): newest first by updatedAt (ISO strings sort as times), then id. */
export function newestFirst(a: IndexedChat, b: IndexedChat): number {
  if (a.updatedAt !== b.updatedAt) return a.updatedAt < b.updatedAt ? 1 : -1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}
