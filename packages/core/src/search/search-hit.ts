import { queryGramHashes } from './gram-filter';
import { firstMatchingMessage, isOtherVersion } from './indexed-chat';
import type { IndexedChat } from './indexed-chat';
import { findOriginalRange, locateMatch, normalizeWithOffsets } from './offset-map';
import { buildPreview, snapToClusters, wholeTextPreview } from './preview';
import type { ChatSearchResult, SearchPreview, TextRange } from './search-result';

/** A chat a query found, before its highlight and preview are made (that needs the original text). */
export interface SearchHit {
  readonly chat: IndexedChat;
  readonly matchedIn: ChatSearchResult['matchedIn'];
  /** The message the result names (SE3c), or -1 when only the title matched. */
  readonly message: number;
}

export function searchHit(chat: IndexedChat, query: string, matchedIn: SearchHit['matchedIn']): SearchHit {
  return { chat, matchedIn, message: firstMatchingMessage(chat, query, queryGramHashes(query)) };
}

function titleHighlight(title: string, query: string): TextRange | null {
  const range = findOriginalRange(normalizeWithOffsets(title), query);
  return range ? snapToClusters(title, range) : null;
}

function messagePreview(text: string, normalized: string, query: string): SearchPreview {
  const range = locateMatch(text, normalized.indexOf(query), query);
  return range ? buildPreview(text, range) : wholeTextPreview(text);
}

/**
 * Turns a hit into what the UI shows: highlights in the original text, message id, preview (SE8).
 * `text` is the original text of the hit's message; when it cannot be had (undefined) the preview
 * is made from the normalised text, which still shows and marks the match.
 */
export function toChatSearchResult(
  hit: SearchHit,
  query: string,
  text: string | undefined,
): ChatSearchResult {
  const { chat, matchedIn, message } = hit;
  const found = message >= 0;
  return {
    chatId: chat.id,
    title: chat.title,
    matchedIn,
    titleHighlight: matchedIn === 'title' ? titleHighlight(chat.title, query) : null,
    messageId: found ? chat.messageIds[message]! : null,
    otherVersion: found && isOtherVersion(chat, message),
    preview: found
      ? messagePreview(text ?? chat.normalizedMessages[message]!, chat.normalizedMessages[message]!, query)
      : null,
    archived: chat.archived,
    updatedAt: chat.updatedAt,
  };
}
