import { IDBDatabase, IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { newChat } from '@parley/core/entities';
import { FakeClock, SequentialIdGenerator } from '@parley/core/platform';
import type { StoragePort } from '@parley/core/storage';
import { ChatTableUnavailable, openChatTableReader } from '../../src/adapters/storage/chat-table-reader';
import type { ChatTableReader } from '../../src/adapters/storage/chat-table-reader';
import { createIndexedDbStore } from '../../src/adapters/storage/local-stores';
import { PARLEY_IDB_VERSION } from '../../src/adapters/storage/parley-idb';

const deps = { clock: new FakeClock('2024-03-01T00:00:00.000Z'), ids: new SequentialIdGenerator('r') };
const NAME = 'parley-reader-test';
const cleanup: (() => Promise<void> | void)[] = [];

afterEach(async () => {
  vi.restoreAllMocks();
  for (const step of cleanup.splice(0).reverse()) await step();
});

/** The app's own store over a fresh fake IndexedDB, holding chats titled as given (oldest first). */
async function appStore(titles: string[]): Promise<{ factory: IDBFactory; store: StoragePort }> {
  const factory = new IDBFactory();
  const store = await createIndexedDbStore({ indexedDB: factory, IDBKeyRange }, { databaseName: NAME });
  cleanup.push(() => store.close());
  for (const chatTitle of titles) {
    deps.clock.advance(1000);
    await store.chats.put(newChat({ chatTitle }, deps));
  }
  return { factory, store };
}

async function reader(factory: IDBFactory, name = NAME): Promise<ChatTableReader> {
  const opened = await openChatTableReader(factory, name);
  cleanup.push(() => opened.close());
  return opened;
}

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

/** Writes a raw row the way only a bug or an old build could (test set-up, not the reader). */
async function plantRow(factory: IDBFactory, key: string, value: unknown): Promise<void> {
  const db = await request(factory.open(NAME));
  const tx = db.transaction('chats', 'readwrite');
  tx.objectStore('chats').put(value, key);
  await new Promise((resolve) => (tx.oncomplete = resolve));
  db.close();
}

function rejection(promise: Promise<unknown>): Promise<ChatTableUnavailable> {
  return promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (error: unknown) => {
      expect(error).toBeInstanceOf(ChatTableUnavailable);
      return error as ChatTableUnavailable;
    },
  );
}

describe('chat table reader', () => {
  it('SE15 lists chat ids newest first, then rows the updatedAt index lacks', async () => {
    const { factory, store } = await appStore(['oldest', 'middle', 'newest']);
    await plantRow(factory, 'ch-odd', { chatTitle: 'no time', updatedAt: { not: 'a key' } });
    const ids = await (await reader(factory)).listChatIds();
    const titles = await Promise.all(
      ids.slice(0, 3).map(async (id) => (await store.chats.get(id))?.chatTitle),
    );
    expect(titles).toEqual(['newest', 'middle', 'oldest']);
    expect(ids[3]).toBe('ch-odd');
    expect(ids).toHaveLength(4);
  });

  it('reads stored values in the order asked, undefined for a missing chat', async () => {
    const { factory, store } = await appStore(['a', 'b']);
    const [first, second] = await store.chats.listSummaries();
    const values = await (await reader(factory)).readChats([second!.id, 'ch-none', first!.id]);
    expect(values.map((value) => (value as { chatTitle?: string } | undefined)?.chatTitle)).toEqual([
      second!.title,
      undefined,
      first!.title,
    ]);
  });

  it('only ever starts read-only transactions', async () => {
    const { factory } = await appStore(['a', 'b']);
    const transaction = vi.spyOn(IDBDatabase.prototype, 'transaction');
    const opened = await reader(factory);
    await opened.readChats(await opened.listChatIds());
    expect(transaction).toHaveBeenCalled();
    for (const call of transaction.mock.calls) expect(call[1]).toBe('readonly');
  });

  it('does not create a database that does not exist', async () => {
    const factory = new IDBFactory();
    expect((await rejection(openChatTableReader(factory, 'nowhere'))).problem).toBe('missing');
    expect(await factory.databases()).toEqual([]);
  });

  it('refuses a database with a newer schema than it knows', async () => {
    const factory = new IDBFactory();
    const open = factory.open(NAME, PARLEY_IDB_VERSION + 10);
    open.onupgradeneeded = () => open.result.createObjectStore('chats');
    (await request(open)).close();
    expect((await rejection(openChatTableReader(factory, NAME))).problem).toBe('newer-schema');
  });

  it('never blocks an upgrade of the database, and refuses the upgraded one after', async () => {
    const { factory, store } = await appStore(['a']);
    await store.close();
    const opened = await reader(factory);
    expect(await opened.listChatIds()).toHaveLength(1);
    const upgrade = factory.open(NAME, PARLEY_IDB_VERSION + 10);
    const blocked = vi.fn();
    upgrade.onblocked = blocked;
    (await request(upgrade)).close();
    expect(blocked).not.toHaveBeenCalled();
    expect((await rejection(opened.listChatIds())).problem).toBe('newer-schema');
  });

  it('reports a missing IndexedDB', async () => {
    expect((await rejection(openChatTableReader(undefined, NAME))).problem).toBe('no-indexeddb');
  });
});
