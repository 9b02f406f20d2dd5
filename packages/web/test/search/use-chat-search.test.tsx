import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeClock, SequentialIdGenerator } from '@parley/core/platform';
import { newChat } from '@parley/core/entities';
import { createMemoryStore } from '@parley/core/storage';
import { createSearchClient } from '../../src/features/search/search-client';
import type { SearchClient } from '../../src/features/search/search-client';
import { SearchClientProvider } from '../../src/features/search/search-client-context';
import { useChatSearch } from '../../src/features/search/use-chat-search';

const deps = { clock: new FakeClock(), ids: new SequentialIdGenerator() };
let client: SearchClient | undefined;

afterEach(() => client?.dispose());

async function setUp(titles: string[]) {
  const store = createMemoryStore(deps);
  for (const title of titles) {
    deps.clock.advance(1000);
    await store.chats.put(newChat({ chatTitle: title }, deps));
  }
  client = createSearchClient({ store, changeDelayMs: 0 });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <SearchClientProvider value={client!}>{children}</SearchClientProvider>
  );
  return { store, wrapper };
}

describe('useChatSearch', () => {
  it('SE16 is idle for a blank query and shows the answer to the latest query', async () => {
    const { wrapper } = await setUp(['Paris notes', 'Parsing JSON', 'Berlin']);
    const { result, rerender } = renderHook(({ query }) => useChatSearch(query, { limit: 10 }), {
      wrapper,
      initialProps: { query: '  ' },
    });
    expect(result.current).toMatchObject({ status: 'idle', results: [] });
    rerender({ query: 'par' });
    expect(result.current.status).toBe('searching');
    await waitFor(() => expect(result.current.status).toBe('ready'));
    await waitFor(() => expect(result.current.complete).toBe(true));
    expect(result.current.results.map((r) => r.title)).toEqual(['Parsing JSON', 'Paris notes']);
    rerender({ query: 'pari' });
    // The previous answer stays on screen while the new one is on its way.
    expect(result.current).toMatchObject({ status: 'searching' });
    expect(result.current.results).toHaveLength(2);
    await waitFor(() => expect(result.current.results.map((r) => r.title)).toEqual(['Paris notes']));
  });

  it('SE15 re-runs the query when the index changes', async () => {
    const { wrapper, store } = await setUp(['Alpha']);
    const { result } = renderHook(() => useChatSearch('beta'), { wrapper });
    await waitFor(() => expect(result.current).toMatchObject({ status: 'ready', complete: true }));
    expect(result.current.results).toEqual([]);
    await act(async () => {
      await store.chats.put(newChat({ chatTitle: 'Beta release' }, deps));
    });
    await waitFor(() => expect(result.current.results.map((r) => r.title)).toEqual(['Beta release']));
  });

  it('is unavailable without a search client', () => {
    const { result } = renderHook(() => useChatSearch('anything'));
    expect(result.current.status).toBe('unavailable');
  });
});
