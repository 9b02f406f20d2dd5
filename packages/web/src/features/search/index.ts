/**
 * Chat search (rules: packages/core/src/search/SPEC.md). The palette and sidebar use
 * `useChatSearch`; the composition root creates the client and provides it.
 */
export { createSearchClient } from './search-client';
export type { SearchClient, SearchClientOptions, SearchIndexStatus, SearchOutcome } from './search-client';
export { SearchClientContext, SearchClientProvider } from './search-client-context';
export { useChatSearch, useSearchAhead } from './use-chat-search';
export type { ChatSearchState, ChatSearchStatus } from './use-chat-search';
export { createInProcessTransport, createWorkerTransport } from './search-transport';
export type { SearchTransport } from './search-transport';
