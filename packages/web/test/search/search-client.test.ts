import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeClock, SequentialIdGenerator } from '@parley/core/platform';
import { newChat } from '@parley/core/entities';
import { createMemoryStore } from '@parley/core/storage';
import type { StoragePort } from '@parley/core/storage';
import { createSearchClient } from '../../src/features/search/search-client';
import type { SearchClient, SearchOutcome } from '../../src/features/search/search-client';
import type { SearchReply } from '../../src/features/search/search-protocol';
import { createInProcessTransport } from '../../src/features/search/search-transport';
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

  it('SE16 a query asked again before its answer shares it (one query sent), unless the index changed since', async () => {
    const store = await storeWith([
      { title: 'Alpha', text: 'a' },
      { title: 'Alpine', text: 'b' },
    ]);
    // The in-process host, with the queries held until released (as if the worker were busy).
    const inner = createInProcessTransport();
    const held: Parameters<SearchTransport['send']>[0][] = [];
    let hold = false;
    const sent: string[] = [];
    const transport: SearchTransport = {
      ...inner,
      send(request) {
        if (request.type === 'query') sent.push(request.query);
        if (request.type === 'query' && hold) held.push(request);
        else inner.send(request);
      },
      listen: (listener) => inner.listen(listener),
      close: () => inner.close(),
    };
    const release = () => {
      hold = false;
      for (const request of held.splice(0)) inner.send(request);
    };
    const client = start(store, transport);
    await ready(client);

    // The palette asks from the keystroke, then its view from the render: one query, one answer.
    const ahead = client.search('alp');
    const view = client.search('alp');
    expect(view).toBe(ahead);
    expect(titles(await view)).toEqual(['Alpine', 'Alpha']);

    // Waiting behind another query, it is shared too.
    hold = true;
    const first = client.search('al');
    const waiting = client.search('alpi');
    const again = client.search('alpi');
    expect(again).toBe(waiting);
    release();
    expect(await first).toEqual({ kind: 'superseded' });
    expect(titles(await again)).toEqual(['Alpine']);

    // The index changed while the query was on its way: asking again sends it again.
    hold = true;
    const before = client.search('alph');
    const version = client.status().version;
    deps.clock.advance(1000);
    await store.chats.put(newChat({ chatTitle: 'Alphabet' }, deps));
    await vi.waitFor(() => expect(client.status().version).toBeGreaterThan(version));
    const after = client.search('alph');
    expect(after).not.toBe(before);
    release();
    expect(await before).toEqual({ kind: 'superseded' });
    expect(titles(await after)).toEqual(['Alphabet', 'Alpha']);
    expect(sent).toEqual(['alp', 'al', 'alpi', 'alph', 'alph']);
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
