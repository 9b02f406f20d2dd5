import { createContext } from 'react';
import type { SearchClient } from './search-client';

/**
 * The app's search client. The composition root creates one per store and provides it:
 *   const search = createSearchClient({ store });
 *   <SearchClientProvider value={search}>...</SearchClientProvider>
 * Without a provider, useChatSearch reports `unavailable`.
 */
export const SearchClientContext = createContext<SearchClient | null>(null);
export const SearchClientProvider = SearchClientContext.Provider;
