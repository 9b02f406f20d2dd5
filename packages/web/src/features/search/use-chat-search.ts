import { useCallback, useContext, useLayoutEffect, useState, useSyncExternalStore } from 'react';
import { flushSync } from 'react-dom';
import type { ChatSearchResult } from '@parley/core/search';
import { SearchClientContext } from './search-client-context';
import type { SearchClient } from './search-client';

export type ChatSearchStatus =
  /** No query (blank): nothing to show. */
  | 'idle'
  /** The answer to the current query is on its way; `results` still holds the previous answer. */
  | 'searching'
  | 'ready'
  /** No search client was provided, or the index failed. */
  | 'unavailable';

export interface ChatSearchState {
  readonly results: readonly ChatSearchResult[];
  readonly status: ChatSearchStatus;
  /** More chats match than `limit`. */
  readonly hasMore: boolean;
  /** False while the index is still being built (results may grow). */
  readonly complete: boolean;
}

interface Answer {
  readonly client: SearchClient;
  readonly query: string;
  readonly limit: number | undefined;
  readonly version: number;
  readonly state: ChatSearchState;
}

const IDLE: ChatSearchState = { results: [], status: 'idle', hasMore: false, complete: true };
const UNAVAILABLE: ChatSearchState = { results: [], status: 'unavailable', hasMore: false, complete: false };
const noSubscription = () => () => {};

/**
 * Chat search for the command palette and sidebar (spec section 2). Re-runs the query when the
 * index changes (chats indexed or edited), and renders only the answer to the latest query
 * (SE16): older answers that arrive late are dropped. The query is posted in the commit of the
 * render that sees it (a layout effect), in the keystroke's own task: a passive effect ran after
 * the next frame, and a deferred query a render later still (decision 0149).
 *
 *   const { results, status } = useChatSearch(query, { limit: 50 });
 */
export function useChatSearch(query: string, options: { readonly limit?: number } = {}): ChatSearchState {
  const client = useContext(SearchClientContext);
  const { limit } = options;
  const version = useSyncExternalStore(
    client ? client.subscribe : noSubscription,
    () => client?.status().version ?? 0,
  );
  const [answer, setAnswer] = useState<Answer | null>(null);
  const blank = query.trim() === '';

  useLayoutEffect(() => {
    if (!client || blank) return;
    let current = true;
    void client.search(query, { limit }).then((outcome) => {
      if (!current || outcome.kind === 'superseded') return;
      const state: ChatSearchState =
        outcome.kind === 'answered'
          ? {
              results: outcome.response.results,
              status: 'ready',
              hasMore: outcome.response.hasMore,
              complete: outcome.complete,
            }
          : UNAVAILABLE;
      // Rendered in the task the answer arrived in: as a scheduled render, a frame could come
      // first and show the answer a frame later (decision 0149).
      flushSync(() => setAnswer({ client, query, limit, version, state }));
    });
    return () => {
      current = false;
    };
  }, [client, query, limit, version, blank]);

  if (!client) return UNAVAILABLE;
  if (blank) return IDLE;
  if (!answer || answer.client !== client) return { ...IDLE, status: 'searching', complete: false };
  if (answer.query !== query || answer.limit !== limit) return { ...answer.state, status: 'searching' };
  return answer.state;
}

/**
 * Posts a query from the event that changes it, before the render that shows it: the view's
 * `useChatSearch` of the same query and limit then shares its answer (SE16, decision 0149).
 *
 *   const searchAhead = useSearchAhead({ limit: 50 });
 *   onValueChange={(value) => { searchAhead(value); setQuery(value); }}
 */
export function useSearchAhead(options: { readonly limit?: number } = {}): (query: string) => void {
  const client = useContext(SearchClientContext);
  const { limit } = options;
  return useCallback(
    (query: string) => {
      if (client && query.trim() !== '') void client.search(query, { limit });
    },
    [client, limit],
  );
}
