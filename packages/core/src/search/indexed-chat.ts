import { buildMessageFilters, chatMayContain, messageMayContain } from './gram-filter';
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

export function indexChat(doc: SearchDocument): IndexedChat {
  const normalizedMessages = doc.messages.map((message) => normalizeForSearch(message.text));
  return {
    doc,
    normalizedTitle: normalizeForSearch(doc.title),
    normalizedMessages,
    filters: buildMessageFilters(normalizedMessages),
  };
}

/**
 * Index of the first message (in chat order) containing the normalised query, or -1. `grams` are
 * the query's (queryGramHashes): messages whose filter lacks one are skipped unread.
 */
export function firstMatchingMessage(chat: IndexedChat, query: string, grams: Int32Array): number {
  if (!chatMayContain(chat.filters, grams)) return -1;
  const texts = chat.normalizedMessages;
  for (let i = 0; i < texts.length; i++) {
    if (messageMayContain(chat.filters, i, grams) && texts[i]!.includes(query)) return i;
  }
  return -1;
}

/** Ranking among equals (SE11): newest first by updatedAt (ISO strings sort as times), then id. */
export function newestFirst(a: IndexedChat, b: IndexedChat): number {
  if (a.doc.updatedAt !== b.doc.updatedAt) return a.doc.updatedAt < b.doc.updatedAt ? 1 : -1;
  return a.doc.id < b.doc.id ? -1 : a.doc.id > b.doc.id ? 1 : 0;
}
