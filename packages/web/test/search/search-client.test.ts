import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeClock, SequentialIdGenerator } from '@parley/core/platform';
import { newChat } from '@parley/core/entities';
import { createMemoryStore } from '@parley/core/storage';
import type { StoragePort } from '@parley/core/storage';
import { createSearchClient } from '../../src/features/search/search-client';
import type { SearchClient, SearchOutcome } from '../../src/features/search/search-client';
import type { SearchReply } from '../../src/features/search/search-protocol';
import type { SearchTransport } from '../../src/features/search/search-transport';

const deps = { clock: new FakeClock(), ids: new SequentialIdGenerator() };
const clients: SearchClient[] = [];

afterEach(() => {
  for (const client of clients.splice(0)) client.dispose();
});

async function storeWith(chats: { title: string; text: string }[]): Promise<StoragePort> {
  const store = createMemoryStore(deps);
  for (const { title, text } of chats) {
    deps.clock.advance(1000);
    await store.chats.put(
      newChat(
        {
          chatTitle: title,
          messages: [
            {
              id: `m-${title}`,
              role: 'user',
              content: text,
              createdAt: '2024-01-01T00:00:00.000Z',
              updatedAt: '2024-01-01T00:00:00.000Z',
            },
          ],
        },
        deps,
      ),
    );
  }
  return store;
}

function start(store: StoragePort, transport?: SearchTransport): SearchClient {
  const client = createSearchClient({ store, transport, batchSize: 2, changeDelayMs: 0 });
  clients.push(client);
  return client;
}

const ready = (client: SearchClient) => vi.waitFor(() => expect(client.status().phase).toBe('ready'));
const titles = (outcome: SearchOutcome) =>
  outcome.kind === 'answered' ? outcome.response.results.map((result) => result.title) : outcome.kind;

describe('search client', () => {
  it('SE15 indexes every chat of the store in batches and reports when it is ready', async () => {
    const store = await storeWith([
      { title: 'Tokyo trip', text: '東京タワー' },
      { title: 'Recipes', text: 'crème brûlée' },
      { title: 'Work', text: 'quarterly report' },
    ]);
    const client = start(store);
    expect(client.status()).toMatchObject({ phase: 'starting', transport: 'in-process' });
    await ready(client);
    expect(client.status()).toMatchObject({ read: 3, total: 3, indexed: 3 });
    const outcome = await client.search('creme');
    expect(titles(outcome)).toEqual(['Recipes']);
    expect(outcome).toMatchObject({ kind: 'answered', complete: true });
  });

  it('SE15 follows the store: new, edited and deleted chats', async () => {
    const store = await storeWith([{ title: 'Old', text: 'apples' }]);
    const client = start(store);
    await ready(client);
    deps.clock.advance(1000);
    const added = await store.chats.put(newChat({ chatTitle: 'Fresh pears' }, deps));
    await vi.waitFor(async () => expect(titles(await client.search('pears'))).toEqual(['Fresh pears']));
    await store.chats.update(added.id, (chat) => ({ ...chat, chatTitle: 'Plums' }));
    await vi.waitFor(async () => expect(titles(await client.search('pears'))).toEqual([]));
    expect(titles(await client.search('plums'))).toEqual(['Plums']);
    await store.chats.delete(added.id);
    await vi.waitFor(async () => expect(titles(await client.search('plums'))).toEqual([]));
    await store.chats
      .put(newChat({ chatTitle: 'Gone soon' }, deps))
      .then((chat) => store.chats.purge(chat.id));
    expect(titles(await client.search('apples'))).toEqual(['Old']);
  });

  it('SE16 keeps one query in flight and delivers only the latest answer', async () => {
    const store = await storeWith([
      { title: 'Alpha', text: 'a' },
      { title: 'Alpine', text: 'b' },
    ]);
    const client = start(store);
    await ready(client);
    const first = client.search('al');
    const second = client.search('alp');
    const third = client.search('alpi');
    // The first was already sent: its answer is stale once a newer query waits, so it is dropped.
    expect(await first).toEqual({ kind: 'superseded' });
    expect(await second).toEqual({ kind: 'superseded' });
    expect(titles(await third)).toEqual(['Alpine']);
  });

  it('SE16 says an answer is incomplete while the index is still being built', async () => {
    const store = await storeWith(Array.from({ length: 6 }, (_, i) => ({ title: `Note ${i}`, text: 'x' })));
    const client = start(store);
    const early = await client.search('note');
    expect(early).toMatchObject({ kind: 'answered', complete: false });
    await ready(client);
    expect(await client.search('note')).toMatchObject({ kind: 'answered', complete: true });
  });

  it('SE15 falls back to the main thread when the worker fails, and still answers', async () => {
    const store = await storeWith([{ title: 'Survivor', text: 'kept' }]);
    let listener: (reply: SearchReply) => void = () => {};
    const brokenWorker: SearchTransport = {
      kind: 'worker',
      readsDatabase: false,
      send: () => setTimeout(() => listener({ type: 'failed', requestId: null, message: 'boom' }), 0),
      listen: (next) => {
        listener = next;
      },
      close: () => {},
    };
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const client = start(store, brokenWorker);
    await ready(client);
    expect(client.status().transport).toBe('in-process');
    expect(titles(await client.search('survivor'))).toEqual(['Survivor']);
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});
