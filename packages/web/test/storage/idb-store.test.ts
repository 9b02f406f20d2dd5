import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { createRecordStore } from '@parley/core/storage';
import type { StorageChange } from '@parley/core/storage';
import { runStorageContract, sampleChat } from '@parley/core/storage/contract';
import { FakeClock, SequentialIdGenerator } from '@parley/core/platform';
import { createEarlierReleaseDatabase, DEXIE_RELEASE_LAYOUT, layoutOf } from './earlier-release-database';
import { unwrap } from 'idb';
import { IndexedDbEngine, openParleyDatabase, PARLEY_IDB_VERSION } from '../../src/adapters/storage';

let counter = 0;

runStorageContract(
  'IndexedDB (idb over fake-indexeddb)',
  async ({ clock, ids, faults, onIssue }) => {
    const environment = { indexedDB: new IDBFactory(), IDBKeyRange };
    const name = `parley-contract-${++counter}`;
    const open = () => openParleyDatabase(environment.indexedDB, name);
    const db = await open();
    return {
      store: createRecordStore(new IndexedDbEngine(db, { faults }), { clock, ids, onIssue }),
      async plantRaw(table, id, value) {
        await db.put(table, value, id);
      },
      async reopen() {
        return createRecordStore(new IndexedDbEngine(await open()), { clock, ids, onIssue });
      },
    };
  },
  { persistent: true },
);

describe('IndexedDB store specifics', () => {
  const deps = { clock: new FakeClock('2024-03-01T00:00:00.000Z'), ids: new SequentialIdGenerator('w') };

  async function twoTabs() {
    const environment = { indexedDB: new IDBFactory(), IDBKeyRange };
    const name = `parley-tabs-${++counter}`;
    const open = async () => {
      const db = await openParleyDatabase(environment.indexedDB, name);
      return { db, store: createRecordStore(new IndexedDbEngine(db), deps) };
    };
    return [await open(), await open()] as const;
  }

  it('WS1 a write in one tab is reported to the other as a remote change', async () => {
    const [a, b] = await twoTabs();
    const seen = new Promise<StorageChange>((resolve) => b.store.onChange(resolve));
    const chat = await a.store.chats.put(sampleChat(deps));
    expect(await seen).toEqual({ area: 'chats', ids: [chat.id], origin: 'remote' });
    expect((await b.store.chats.get(chat.id))?.chatTitle).toBe(chat.chatTitle);
    await a.store.close();
    await b.store.close();
  });

  it('WS1 a list read before another tab wrote shows that write once the change arrives', async () => {
    const [a, b] = await twoTabs();
    await a.store.chats.put(sampleChat(deps, { chatTitle: 'First' }));
    expect((await b.store.chats.listSummaries()).map((s) => s.title)).toEqual(['First']);
    const seen = new Promise<StorageChange>((resolve) => b.store.onChange(resolve));
    const second = await a.store.chats.put(sampleChat(deps, { chatTitle: 'Second' }));
    await seen;
    expect((await b.store.chats.listSummaries()).map((s) => s.id).sort()).toEqual(
      [second.id, (await a.store.chats.listSummaries()).find((s) => s.title === 'First')!.id].sort(),
    );
    await a.store.chats.purge(second.id);
    await new Promise<StorageChange>((resolve) => b.store.onChange(resolve));
    expect((await b.store.chats.listSummaries()).map((s) => s.title)).toEqual(['First']);
    await a.store.close();
    await b.store.close();
  });

  it('WS2 one row per chat, a summary row beside it, indexed by folder and tag', async () => {
    const [{ db, store }] = await twoTabs();
    const chat = await store.chats.put(
      sampleChat(deps, { folderID: 'f9', tags: [{ name: 'alpha' }, { name: 'beta' }] }),
    );
    expect(await db.count('chats')).toBe(1);
    expect(await db.getAllKeysFromIndex('chatSummaries', 'folderID', 'f9')).toEqual([chat.id]);
    expect(await db.getAllKeysFromIndex('chatSummaries', 'tags', 'beta')).toEqual([chat.id]);
    expect((await store.chats.listSummaries({ tag: 'beta' })).map((s) => s.id)).toEqual([chat.id]);
    await store.close();
  });

  it('WS8 a connection the browser closed is reopened: reads and writes go on without a reload', async () => {
    const environment = { indexedDB: new IDBFactory(), IDBKeyRange };
    const name = `parley-reopen-${++counter}`;
    const open = () => openParleyDatabase(environment.indexedDB, name);
    const db = await open();
    const store = createRecordStore(new IndexedDbEngine(db, { reopen: open }), deps);
    const first = await store.chats.put(sampleChat(deps, { chatTitle: 'Before' }));
    db.close(); // what Safari does to a background tab's connection
    const second = await store.chats.put(sampleChat(deps, { chatTitle: 'After' }));
    expect((await store.chats.get(first.id))?.chatTitle).toBe('Before');
    expect((await store.chats.get(second.id))?.chatTitle).toBe('After');
    await store.close();
  });

  it('WS8 without a way to reopen, a closed connection is a storage error, not a hang', async () => {
    const environment = { indexedDB: new IDBFactory(), IDBKeyRange };
    const db = await openParleyDatabase(environment.indexedDB, `parley-closed-${++counter}`);
    const store = createRecordStore(new IndexedDbEngine(db), deps);
    db.close();
    await expect(store.chats.put(sampleChat(deps))).rejects.toMatchObject({ code: 'unavailable' });
  });

  it('WS6 a bulk put of 200 chats commits as one transaction (sync and imports)', async () => {
    const [{ db, store }] = await twoTabs();
    const chats = Array.from({ length: 200 }, (_, i) => sampleChat(deps, { chatTitle: `Imported ${i}` }));
    await store.chats.putMany(chats);
    expect(await db.count('chats')).toBe(200);
    expect(await db.count('chatSummaries')).toBe(200);
    await store.close();
  });
});

describe('databases written by earlier releases', () => {
  const deps = { clock: new FakeClock('2024-03-01T00:00:00.000Z'), ids: new SequentialIdGenerator('r') };

  it('WS7 opens the layout the Dexie-based releases created (native version 10): indexes work, data stays', async () => {
    const indexedDB = new IDBFactory();
    const name = `parley-earlier-${++counter}`;
    await createEarlierReleaseDatabase(indexedDB, name);

    const db = await openParleyDatabase(indexedDB, name);
    expect(db.version).toBe(PARLEY_IDB_VERSION);
    const store = createRecordStore(new IndexedDbEngine(db), deps);
    const chat = await store.chats.put(
      sampleChat(deps, { chatTitle: 'Kept', folderID: 'f1', tags: [{ name: 'work' }] }),
    );
    expect((await store.chats.listSummaries({ folderID: 'f1' })).map((s) => s.id)).toEqual([chat.id]);
    expect(await db.getAllKeysFromIndex('chatSummaries', 'tags', 'work')).toEqual([chat.id]);
    await store.close();

    const reopened = createRecordStore(new IndexedDbEngine(await openParleyDatabase(indexedDB, name)), deps);
    expect((await reopened.chats.get(chat.id))?.chatTitle).toBe('Kept');
    await reopened.close();
  });

  it('WS7 a new database gets the layout the Dexie releases created, plus the message rows of schema 2, the projects of schema 3, the knowledge documents of schema 4 and the packed summaries of schema 5', async () => {
    const db = await openParleyDatabase(new IDBFactory(), `parley-layout-${++counter}`);
    const fixture = layoutOf(await openFixture());
    const updatedAt = { name: 'updatedAt', keyPath: 'updatedAt', multiEntry: false, unique: false };
    expect(layoutOf(unwrap(db))).toEqual({
      version: PARLEY_IDB_VERSION,
      stores: {
        ...fixture.stores,
        messages: { keyPath: null, autoIncrement: false, indexes: [] },
        projects: { keyPath: null, autoIncrement: false, indexes: [updatedAt] },
        knowledgeDocuments: { keyPath: null, autoIncrement: false, indexes: [updatedAt] },
        summaryPack: { keyPath: null, autoIncrement: false, indexes: [] },
      },
    });
    db.close();
  });

  it('WS7 a database of a newer schema is refused, never downgraded', async () => {
    const indexedDB = new IDBFactory();
    const name = `parley-newer-${++counter}`;
    await new Promise<void>((resolve, reject) => {
      const request = indexedDB.open(name, PARLEY_IDB_VERSION + 10);
      request.onsuccess = () => {
        request.result.close();
        resolve();
      };
      request.onerror = () => reject(request.error);
    });
    await expect(openParleyDatabase(indexedDB, name)).rejects.toMatchObject({ name: 'VersionError' });
  });
});

/** The fixture layout, created in a database of its own and opened (sorted the same way as ours). */
async function openFixture(): Promise<IDBDatabase> {
  const indexedDB = new IDBFactory();
  await createEarlierReleaseDatabase(indexedDB, 'fixture');
  expect(DEXIE_RELEASE_LAYOUT.version).toBe(10); // schema 1
  return new Promise((resolve, reject) => {
    const request = indexedDB.open('fixture');
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}
