import { queryGramHashes } from './gram-filter';
import { firstMatchingMessage } from './indexed-chat';
import type { IndexedChat } from './indexed-chat';
import { findOriginalRange, locateMatch, normalizeWithOffsets } from './offset-map';
import { buildPreview, snapToClusters, wholeTextPreview } from './preview';
import type { ChatSearchResult, SearchPreview, TextRange } from './search-result';

function titleHighlight(title: string, query: string): TextRange | null {
  const range = findOriginalRange(normalizeWithOffsets(title), query);
  return range ? snapToClusters(title, range) : null;
}

function messagePreview(text: string, normalized: string, query: string): SearchPreview {
  const range = locateMatch(text, normalized.indexOf(query), query);
  return range ? buildPreview(text, range) : wholeTextPreview(text);
}

/** Turns a hit into what the UI shows: highlights in the original text, message id, preview (SE8). */
export function toChatSearchResult(
  chat: IndexedChat,
  query: string,
  matchedIn: ChatSearchResult['matchedIn'],
): ChatSearchResult {
  const { doc } = chat;
  const messageIndex = firstMatchingMessage(chat, query, queryGramHashes(query));
  const message = doc.messages[messageIndex];
  return {
    chatId: doc.id,
    title: doc.title,
    matchedIn,
    titleHighlight: matchedIn === 'title' ? titleHighlight(doc.title, query) : null,
    messageId: message?.id ?? null,
    otherVersion: message?.otherVersion === true,
    preview: message ? messagePreview(message.text, chat.normalizedMessages[messageIndex]!, query) : null,
    archived: doc.archived,
    updatedAt: doc.updatedAt,
  };
}
