import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { createRecordStore } from '@parley/core/storage';
import type { StorageChange } from '@parley/core/storage';
import { runStorageContract, sampleChat } from '@parley/core/storage/contract';
import { FakeClock, SequentialIdGenerator } from '@parley/core/platform';
import { DexieEngine, ParleyDatabase } from '../../src/adapters/storage';

let counter = 0;

runStorageContract(
  'IndexedDB (Dexie over fake-indexeddb)',
  async ({ clock, ids, faults, onIssue }) => {
    const environment = { indexedDB: new IDBFactory(), IDBKeyRange };
    const name = `parley-contract-${++counter}`;
    const open = async () => {
      const db = new ParleyDatabase(name, environment);
      await db.open();
      return db;
    };
    const db = await open();
    return {
      store: createRecordStore(new DexieEngine(db, { faults }), { clock, ids, onIssue }),
      async plantRaw(table, id, value) {
        await db.table(table).put(value, id);
      },
      async reopen() {
        return createRecordStore(new DexieEngine(await open()), { clock, ids, onIssue });
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
      const db = new ParleyDatabase(name, environment);
      await db.open();
      return { db, store: createRecordStore(new DexieEngine(db), deps) };
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
    expect(await db.table('chats').count()).toBe(1);
    expect(await db.table('chatSummaries').where('folderID').equals('f9').primaryKeys()).toEqual([chat.id]);
    expect(await db.table('chatSummaries').where('tags').equals('beta').primaryKeys()).toEqual([chat.id]);
    expect((await store.chats.listSummaries({ tag: 'beta' })).map((s) => s.id)).toEqual([chat.id]);
    await store.close();
  });

  it('WS6 a bulk put of 200 chats commits as one transaction (sync and imports)', async () => {
    const [{ db, store }] = await twoTabs();
    const chats = Array.from({ length: 200 }, (_, i) => sampleChat(deps, { chatTitle: `Imported ${i}` }));
    await store.chats.putMany(chats);
    expect(await db.table('chats').count()).toBe(200);
    expect(await db.table('chatSummaries').count()).toBe(200);
    await store.close();
  });
});
