import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { newChat } from '@parley/core/entities';
import { FakeClock, SequentialIdGenerator } from '@parley/core/platform';
import { SEARCH_DATABASE_NAME, SEARCH_INDEX_FORMAT } from '@parley/core/search';
import type { StoragePort } from '@parley/core/storage';
import { openChatTableReader } from '../../src/adapters/storage/chat-table-reader';
import { clearAllLocalData } from '../../src/adapters/storage/clear-local-data';
import { createIndexedDbStore } from '../../src/adapters/storage/local-stores';
import { createSearchClient } from '../../src/features/search/search-client';
import type { SearchClient, SearchOutcome } from '../../src/features/search/search-client';
import { openSearchIndexDatabase } from '../../src/features/search/search-index-database';
import { createInProcessTransport } from '../../src/features/search/search-transport';

/**
 * The persisted index (SE17): the host keeps its index in a database of its own and, on the next
 * start, re-reads only the chats whose updatedAt changed since.
 */
const deps = { clock: new FakeClock('2024-04-01T00:00:00.000Z'), ids: new SequentialIdGenerator('p') };
const APP_DB = 'parley-persisted-test';
const SEARCH_DB = 'parley-search-persisted-test';
const cleanup: (() => unknown)[] = [];
/** The host gathers a few writes for half a second before committing them. */
const WRITE_WAIT = { timeout: 3000 };

afterEach(async () => {
  vi.restoreAllMocks();
  for (const step of cleanup.splice(0).reverse()) await step();
});

async function appStore(factory: IDBFactory): Promise<StoragePort> {
  const store = await createIndexedDbStore({ indexedDB: factory, IDBKeyRange }, { databaseName: APP_DB });
  cleanup.push(() => store.close());
  return store;
}

async function addChat(store: StoragePort, chatTitle: string, content: string): Promise<string> {
  deps.clock.advance(1000);
  const at = new Date(deps.clock.now()).toISOString();
  const chat = await store.chats.put(
    newChat(
      { chatTitle, messages: [{ id: 'm1', role: 'user', content, createdAt: at, updatedAt: at }] },
      deps,
    ),
  );
  return chat.id;
}

/** A client as the app starts it where the worker reads IndexedDB, with the persisted index. */
function startClient(store: StoragePort, factory: IDBFactory): SearchClient {
  const client = createSearchClient({
    store,
    transport: createInProcessTransport({
      openChatTable: (name) => openChatTableReader(factory, name),
      openIndexDatabase: () => openSearchIndexDatabase(factory, IDBKeyRange, SEARCH_DB),
      readBatchSize: 2,
    }),
    chatDatabaseName: APP_DB,
    changeDelayMs: 0,
  });
  cleanup.push(() => client.dispose());
  return client;
}

const ready = (client: SearchClient) => vi.waitFor(() => expect(client.status().phase).toBe('ready'));

/** Raw access to the search database, to wait for writes and to damage it. */
function rawSearchDb(factory: IDBFactory): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = factory.open(SEARCH_DB);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

async function persistedRecords(
  factory: IDBFactory,
): Promise<{ id: string; format: number; entry?: unknown }[]> {
  const db = await rawSearchDb(factory);
  try {
    if (!db.objectStoreNames.contains('entries')) return [];
    return await new Promise((resolve, reject) => {
      const request = db.transaction('entries', 'readonly').objectStore('entries').getAll();
      request.onsuccess = () => resolve(request.result as { id: string; format: number }[]);
      request.onerror = () => reject(request.error);
    });
  } finally {
    db.close();
  }
}

/** Waits until the search database holds a current record for every one of `ids`. */
const persisted = (factory: IDBFactory, ids: readonly string[]) =>
  vi.waitFor(async () => {
    const records = await persistedRecords(factory);
    expect(
      records
        .filter((record) => record.format === SEARCH_INDEX_FORMAT)
        .map((record) => record.id)
        .sort(),
    ).toEqual([...ids].sort());
  }, WRITE_WAIT);

function previewOf(outcome: SearchOutcome): string[] {
  if (outcome.kind !== 'answered') return [outcome.kind];
  return outcome.response.results.map((result) => {
    const preview = result.preview;
    const mark = preview?.highlight ? preview.text.slice(preview.highlight.start, preview.highlight.end) : '';
    return `${result.title}: ${mark}`;
  });
}

/** Starts a client, waits until it is ready, and stops it: one session of the app. */
async function session(
  store: StoragePort,
  factory: IDBFactory,
  check?: (client: SearchClient) => Promise<void>,
) {
  const client = startClient(store, factory);
  await ready(client);
  await check?.(client);
  const status = client.status();
  client.dispose();
  return status;
}

describe('persisted search index', () => {
  it('SE17 a reload reuses the persisted index: none re-indexed when nothing changed, one after one changed', async () => {
    const factory = new IDBFactory();
    const store = await appStore(factory);
    const ids = [
      await addChat(store, 'Tokyo', 'We met at the CAFÉ near the Tower'),
      await addChat(store, 'Paris', 'Croissants every morning'),
      await addChat(store, 'Oslo', 'Fjords and ferries'),
    ];
    const first = await session(store, factory);
    expect(first).toMatchObject({ restored: 0, reindexed: 3, indexed: 3 });
    await persisted(factory, ids);

    const second = await session(store, factory, async (client) => {
      // The index holds no original text: the preview's comes from the chat, read for the result.
      expect(previewOf(await client.search('cafe'))).toEqual(['Tokyo: CAFÉ']);
    });
    expect(second).toMatchObject({ restored: 3, reindexed: 0, indexed: 3 });

    const paris = (await store.chats.get(ids[1]!))!;
    deps.clock.advance(1000);
    await store.chats.put({ ...paris, chatTitle: 'Paris in spring' });
    const third = await session(store, factory, async (client) => {
      expect(previewOf(await client.search('spring'))).toEqual(['Paris in spring: ']);
      expect(previewOf(await client.search('fjords'))).toEqual(['Oslo: Fjords']);
    });
    expect(third).toMatchObject({ restored: 2, reindexed: 1, indexed: 3 });
  });

  it('SE17 SE13 chats deleted or purged while the app was closed vanish from the restored index', async () => {
    const factory = new IDBFactory();
    const store = await appStore(factory);
    const kept = await addChat(store, 'Kept', 'shared words here');
    const trashed = await addChat(store, 'Trashed', 'shared words here');
    const purged = await addChat(store, 'Purged', 'shared words here');
    await session(store, factory);
    await persisted(factory, [kept, trashed, purged]);

    deps.clock.advance(1000);
    await store.chats.delete(trashed);
    await store.chats.purge(purged);
    const after = await session(store, factory, async (client) => {
      expect(previewOf(await client.search('shared words'))).toEqual(['Kept: shared words']);
    });
    expect(after).toMatchObject({ restored: 1, reindexed: 1, indexed: 1 });
    // The trashed chat is remembered as a stamp (not read again next time); the purged one is gone.
    await vi.waitFor(async () => {
      const records = await persistedRecords(factory);
      expect(records.map((record) => [record.id, record.entry !== undefined]).sort()).toEqual(
        [
          [kept, true],
          [trashed, false],
        ].sort(),
      );
    }, WRITE_WAIT);
    const next = await session(store, factory);
    expect(next).toMatchObject({ restored: 1, reindexed: 0, indexed: 1 });
  });

  it('SE17 a damaged or old-format index is rebuilt, never an error', async () => {
    const factory = new IDBFactory();
    const store = await appStore(factory);
    const ids = [await addChat(store, 'Alpha', 'first words'), await addChat(store, 'Beta', 'second words')];
    await session(store, factory);
    await persisted(factory, ids);

    // One record from an older format, one damaged (filters cut short), one that is not a record at all.
    const db = await rawSearchDb(factory);
    await new Promise<void>((resolve, reject) => {
      const tx = db.transaction('entries', 'readwrite');
      const entries = tx.objectStore('entries');
      const read = entries.getAll();
      read.onsuccess = () => {
        const [alpha, beta] = (read.result as { id: string; entry: Record<string, unknown> }[]).sort(
          (a, b) => (a.id < b.id ? -1 : 1),
        );
        entries.put({ ...alpha, format: SEARCH_INDEX_FORMAT - 1 });
        entries.put({ ...beta, entry: { ...beta!.entry, filterStarts: new Uint32Array(0) } });
        entries.put({ id: 'junk', nonsense: true });
      };
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
    });
    db.close();

    const rebuilt = await session(store, factory, async (client) => {
      expect(previewOf(await client.search('words')).sort()).toEqual(['Alpha: words', 'Beta: words']);
    });
    expect(rebuilt).toMatchObject({ restored: 0, reindexed: 2, indexed: 2 });
    await persisted(factory, ids);
  });

  it('SE17 a search database of a newer layout is replaced, and the index still works', async () => {
    const factory = new IDBFactory();
    const store = await appStore(factory);
    await addChat(store, 'Gamma', 'third words');
    await new Promise<void>((resolve) => {
      const request = factory.open(SEARCH_DB, 99);
      request.onupgradeneeded = () => request.result.createObjectStore('something-else');
      request.onsuccess = () => {
        request.result.close();
        resolve();
      };
    });
    const status = await session(store, factory, async (client) => {
      expect(previewOf(await client.search('third'))).toEqual(['Gamma: third']);
    });
    expect(status).toMatchObject({ reindexed: 1, indexed: 1 });
  });

  it('Clear All Data deletes the search database too', async () => {
    const factory = new IDBFactory();
    const database = await openSearchIndexDatabase(factory, IDBKeyRange, SEARCH_DATABASE_NAME);
    database.close();
    expect((await factory.databases()).map((info) => info.name)).toContain(SEARCH_DATABASE_NAME);
    await clearAllLocalData({ environment: { indexedDB: factory }, host: {} });
    expect((await factory.databases()).map((info) => info.name)).not.toContain(SEARCH_DATABASE_NAME);
  });
});
