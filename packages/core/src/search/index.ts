/**
 * @parley/core/search: chat search (rules in SPEC.md). Platform-neutral: the web app runs the
 * index in a Web Worker, tests and benchmarks run it directly.
 */
export { ChatSearchIndex } from './chat-search-index';
export type { ChatSearchHits, ChatSearchIndexOptions, ChatSearchIndexStats } from './chat-search-index';
export type { IndexedChat } from './indexed-chat';
export type { SearchHit } from './search-hit';
export {
  fromIndexedChatRecord,
  SEARCH_DATABASE_NAME,
  SEARCH_INDEX_FORMAT,
  stampOnlyRecord,
  toIndexedChatRecord,
} from './indexed-chat-record';
export type { IndexedChatRecord } from './indexed-chat-record';
export { toSearchDocument } from './search-document';
export type { SearchDocument, SearchableMessage } from './search-document';
export { DEFAULT_SEARCH_LIMIT } from './search-result';
export type {
  ChatSearchOptions,
  ChatSearchResponse,
  ChatSearchResult,
  SearchPreview,
  TextRange,
} from './search-result';
export { normalizeForSearch, normalizeQuery } from './normalize-text';
export { normalizeWithOffsets } from './offset-map';
export type { OffsetMappedText } from './offset-map';
export { buildPreview, PREVIEW_CHARS_AFTER, PREVIEW_CHARS_BEFORE } from './preview';
export { searchDocumentOfStoredChat } from './stored-chat-document';
export { filterByWords } from './filter-by-words';
