import { buildMessageFilters, chatMayContain, messageMayContain, rebuildMessageFilters } from './gram-filter';
import type { MessageFilters } from './gram-filter';
import { normalizeForSearch } from './normalize-text';
import type { SearchDocument } from './search-document';

/** A chat as the index holds it: the document (original text), its normalised text and its filter. */
export interface IndexedChat {
  readonly doc: SearchDocument;
  readonly normalizedTitle: string;
  /** normalizedMessages[i] is doc.messages[i].text normalised. */
  readonly normalizedMessages: readonly string[];
  readonly filters: MessageFilters;
}

/**
 * Indexes a chat. Given the entry of its previous version, messages whose id and text are
 * unchanged keep their normalised text and filter: re-indexing a 5,000-message chat while an
 * answer streams into it then costs about one message, not 5,000 (a string compare per message).
 */
export function indexChat(doc: SearchDocument, previous?: IndexedChat): IndexedChat {
  const reuse = previous ? unchangedMessages(doc, previous) : null;
  const normalizedMessages = doc.messages.map((message, i) => {
    const from = reuse?.[i] ?? -1;
    return from >= 0 ? previous!.normalizedMessages[from]! : normalizeForSearch(message.text);
  });
  const normalizedTitle =
    previous && previous.doc.title === doc.title ? previous.normalizedTitle : normalizeForSearch(doc.title);
  return {
    doc,
    normalizedTitle,
    normalizedMessages,
    filters:
      previous && reuse
        ? rebuildMessageFilters(normalizedMessages, previous.filters, reuse)
        : buildMessageFilters(normalizedMessages),
  };
}

/** For each message of `doc`, the index of the same message (id and text) in `previous`, or -1; null if none. */
function unchangedMessages(doc: SearchDocument, previous: IndexedChat): Int32Array | null {
  const before = new Map<string, number>();
  previous.doc.messages.forEach((message, i) => before.set(message.id, i));
  const reuse = new Int32Array(doc.messages.length).fill(-1);
  let reused = 0;
  doc.messages.forEach((message, i) => {
    const from = before.get(message.id);
    if (from !== undefined && previous.doc.messages[from]!.text === message.text) {
      reuse[i] = from;
      reused += 1;
    }
  });
  return reused > 0 ? reuse : null;
}

/**
 * Index of the first message (in chat order) containing the normalised query, or -1: the first the
 * chat shows, else the first on another version (SE3c). `grams` are the query's (queryGramHashes):
 * messages whose filter lacks one are skipped unread.
 */
export function firstMatchingMessage(chat: IndexedChat, query: string, grams: Int32Array): number {
  if (!chatMayContain(chat.filters, grams)) return -1;
  const texts = chat.normalizedMessages;
  const messages = chat.doc.messages;
  let otherVersion = -1;
  for (let i = 0; i < texts.length; i++) {
    if (!messageMayContain(chat.filters, i, grams) || !texts[i]!.includes(query)) continue;
    if (!messages[i]!.otherVersion) return i;
    if (otherVersion < 0) otherVersion = i;
  }
  return otherVersion;
}

/** Ranking among equals (SE11): newest first by updatedAt (ISO strings sort as times), then id. */
export function newestFirst(a: IndexedChat, b: IndexedChat): number {
  if (a.doc.updatedAt !== b.doc.updatedAt) return a.doc.updatedAt < b.doc.updatedAt ? 1 : -1;
  return a.doc.id < b.doc.id ? -1 : a.doc.id > b.doc.id ? 1 : 0;
}
