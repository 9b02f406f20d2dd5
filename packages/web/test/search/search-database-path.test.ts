import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { newChat } from '@parley/core/entities';
import { FakeClock, SequentialIdGenerator } from '@parley/core/platform';
import { createMemoryStore } from '@parley/core/storage';
import type { StoragePort } from '@parley/core/storage';
import { openChatTableReader } from '../../src/adapters/storage/chat-table-reader';
import { createIndexedDbStore } from '../../src/adapters/storage/local-stores';
import { createLocalStorageStore } from '../../src/adapters/storage/local-storage-store';
import { createSearchClient } from '../../src/features/search/search-client';
import type { SearchClient, SearchOutcome } from '../../src/features/search/search-client';
import { createInProcessTransport } from '../../src/features/search/search-transport';

/**
 * The worker's path, run in-process: the host opens the same (fake) IndexedDB database as the
 * app's store and reads chats there; the main thread only names changed chats.
 */
const deps = { clock: new FakeClock('2024-04-01T00:00:00.000Z'), ids: new SequentialIdGenerator('d') };
const NAME = 'parley-search-test';
const cleanup: (() => unknown)[] = [];

afterEach(async () => {
  vi.restoreAllMocks();
  for (const step of cleanup.splice(0).reverse()) await step();
});

async function indexedDbStore(factory: IDBFactory): Promise<StoragePort> {
  const store = await createIndexedDbStore({ indexedDB: factory, IDBKeyRange }, { databaseName: NAME });
  cleanup.push(() => store.close());
  return store;
}

async function addChats(store: StoragePort, titles: readonly string[]): Promise<string[]> {
  const ids: string[] = [];
  for (const chatTitle of titles) {
    deps.clock.advance(1000);
    const chat = await store.chats.put(
      newChat(
        {
          chatTitle,
          messages: [
            {
              id: 'm1',
              role: 'user',
              content: `notes on ${chatTitle.toLowerCase()}`,
              createdAt: '2024-04-01T00:00:00.000Z',
              updatedAt: '2024-04-01T00:00:00.000Z',
            },
          ],
        },
        deps,
      ),
    );
    ids.push(chat.id);
  }
  return ids;
}

/** A client whose host reads `factory`'s database itself, as the worker does. */
function readingClient(store: StoragePort, factory: IDBFactory, databaseName = NAME) {
  const openTable = vi.fn((name: string) => openChatTableReader(factory, name));
  const client = createSearchClient({
    store,
    transport: createInProcessTransport({ openChatTable: openTable, readBatchSize: 4 }),
    chatDatabaseName: databaseName,
    changeDelayMs: 0,
  });
  cleanup.push(() => client.dispose());
  return { client, openTable };
}

const ready = (client: SearchClient) => vi.waitFor(() => expect(client.status().phase).toBe('ready'));
const titles = (outcome: SearchOutcome) =>
  outcome.kind === 'answered' ? outcome.response.results.map((result) => result.title) : outcome.kind;
const found = (client: SearchClient, query: string, expected: string[]) =>
  vi.waitFor(async () => expect(titles(await client.search(query))).toEqual(expected));

describe('search reading IndexedDB in the host', () => {
  it('SE15 builds the index from every chat in the database, none read on the main thread', async () => {
    const factory = new IDBFactory();
    const store = await indexedDbStore(factory);
    await addChats(
      store,
      Array.from({ length: 10 }, (_, i) => `Chat ${i}`),
    );
    const mainThreadGet = vi.spyOn(store.chats, 'get');
    const mainThreadList = vi.spyOn(store.chats, 'listSummaries');
    const { client, openTable } = readingClient(store, factory);
    expect(client.status()).toMatchObject({ phase: 'starting', reader: 'index-host' });
    await ready(client);
    expect(client.status()).toMatchObject({ read: 10, total: 10, indexed: 10, reader: 'index-host' });
    expect(openTable).toHaveBeenCalledWith(NAME);
    expect(titles(await client.search('chat 7'))).toEqual(['Chat 7']);
    expect(titles(await client.search('notes on chat 3'))).toEqual(['Chat 3']);
    expect(mainThreadGet).not.toHaveBeenCalled();
    // Only the summary list (which the sidebar keeps in memory) for the chats' stamps (SE17).
    expect(mainThreadList).toHaveBeenCalledTimes(1);
    expect(mainThreadList).toHaveBeenCalledWith({ includeDeleted: true });
  });

  it('SE13 SE15 follows the store by re-reading changed chats: new, edited, deleted, purged', async () => {
    const factory = new IDBFactory();
    const store = await indexedDbStore(factory);
    const [kept] = await addChats(store, ['Old apples']);
    const { client } = readingClient(store, factory);
    await ready(client);
    const mainThreadGet = vi.spyOn(store.chats, 'get');
    const [added] = await addChats(store, ['Fresh pears']);
    await found(client, 'pears', ['Fresh pears']);
    await store.chats.update(added!, (chat) => ({ ...chat, chatTitle: 'Plums', messages: [] }));
    await found(client, 'pears', []);
    expect(titles(await client.search('plums'))).toEqual(['Plums']);
    await store.chats.delete(added!);
    await found(client, 'plums', []);
    await store.chats.purge(kept!);
    await found(client, 'apples', []);
    expect(mainThreadGet).not.toHaveBeenCalled();
    await ready(client);
    expect(client.status().indexed).toBe(0);
  });

  it('SE15 follows writes made in another tab', async () => {
    const factory = new IDBFactory();
    const store = await indexedDbStore(factory);
    await addChats(store, ['Here']);
    const { client } = readingClient(store, factory);
    await ready(client);
    const otherTab = await indexedDbStore(factory);
    await addChats(otherTab, ['From the other tab']);
    await found(client, 'other tab', ['From the other tab']);
  });

  it('SE15 a newer copy is never overwritten by an older read, even while the first read runs', async () => {
    const factory = new IDBFactory();
    const store = await indexedDbStore(factory);
    const ids = await addChats(
      store,
      Array.from({ length: 12 }, (_, i) => `Draft ${i}`),
    );
    const { client } = readingClient(store, factory);
    for (let version = 1; version <= 5; version++) {
      for (const id of [ids[0]!, ids[11]!]) {
        await store.chats.update(id, (chat) => ({ ...chat, chatTitle: `Final ${id} v${version}` }));
      }
    }
    await ready(client);
    const finals = titles(await client.search('final'));
    expect(finals).toHaveLength(2);
    expect(finals).toEqual(expect.arrayContaining([`Final ${ids[0]} v5`, `Final ${ids[11]} v5`]));
  });

  it('SE15 skips a damaged record and indexes the rest', async () => {
    const factory = new IDBFactory();
    const store = await indexedDbStore(factory);
    await addChats(store, ['Good one', 'Good two']);
    const db = await new Promise<IDBDatabase>((resolve) => {
      const open = factory.open(NAME);
      open.onsuccess = () => resolve(open.result);
    });
    const tx = db.transaction('chats', 'readwrite');
    tx.objectStore('chats').put('not a chat', 'ch-damaged');
    tx.objectStore('chats').put({ chatTitle: 'Good three', messages: 'not a list' }, 'ch-repairable');
    await new Promise((resolve) => (tx.oncomplete = resolve));
    db.close();
    const { client } = readingClient(store, factory);
    await ready(client);
    expect(client.status()).toMatchObject({ read: 4, total: 4, indexed: 3 });
    expect(titles(await client.search('good'))).toHaveLength(3);
  });

  it('SE15 falls back to reading on the main thread when the host cannot open the database', async () => {
    const factory = new IDBFactory();
    const store = await indexedDbStore(factory);
    await addChats(store, ['Survivor']);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const mainThreadGet = vi.spyOn(store.chats, 'get');
    const { client } = readingClient(store, factory, 'no-such-database');
    await ready(client);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('cannot read the database'));
    expect(client.status().reader).toBe('main-thread');
    expect(mainThreadGet).toHaveBeenCalled();
    expect(titles(await client.search('survivor'))).toEqual(['Survivor']);
    const [added] = await addChats(store, ['Later']);
    await found(client, 'later', ['Later']);
    expect(added).toBeDefined();
  });

  it.each([
    ['memory', () => createMemoryStore(deps)],
    ['localStorage', () => createLocalStorageStore(window.localStorage, {})],
  ])('SE15 a %s store is read on the main thread, never through IndexedDB', async (_name, makeStore) => {
    window.localStorage.clear();
    const store = makeStore();
    cleanup.push(() => store.close());
    await addChats(store, ['Kept in memory']);
    const openTable = vi.fn((name: string) => openChatTableReader(new IDBFactory(), name));
    const client = createSearchClient({
      store,
      transport: createInProcessTransport({ openChatTable: openTable }),
      changeDelayMs: 0,
    });
    cleanup.push(() => client.dispose());
    await ready(client);
    expect(client.status().reader).toBe('main-thread');
    expect(titles(await client.search('kept'))).toEqual(['Kept in memory']);
    expect(openTable).not.toHaveBeenCalled();
  });
});
