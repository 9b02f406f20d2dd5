import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import {
  createRecordStore,
  isChatHead,
  MemoryEngine,
  messageKey,
  ScriptedWriteFaults,
} from '@parley/core/storage';
import { FakeClock, SequentialIdGenerator } from '@parley/core/platform';
import { createEarlierReleaseDatabase } from './earlier-release-database';
import { IndexedDbEngine, openParleyDatabase, PARLEY_IDB_VERSION } from '../../src/adapters/storage';

const deps = { clock: new FakeClock('2024-03-01T00:00:00.000Z'), ids: new SequentialIdGenerator('u') };

const message = (id: string | undefined, role: string, content: string) => ({
  ...(id === undefined ? {} : { id }),
  role,
  content,
  createdAt: '2024-02-01T00:00:00.000Z',
  updatedAt: '2024-02-01T00:00:00.000Z',
});

/** Rows as schema 1 stored them: whole chats, one with ids, one from an old app without, one with a repeated id. */
const WHOLE_CHATS: Record<string, Record<string, unknown>> = {
  'ch-ids': {
    id: 'ch-ids',
    chatID: 'ch-ids',
    chatTitle: 'With ids',
    updatedAt: '2024-02-01T00:00:00.000Z',
    messages: [
      message('m1', 'user', 'Hello'),
      message('m2', 'assistant', 'Hi'),
      message('m3', 'user', 'Bye'),
    ],
  },
  'ch-no-ids': {
    id: 'ch-no-ids',
    chatID: 'ch-no-ids',
    chatTitle: 'Old app',
    messages: [message(undefined, 'user', 'Old question'), message(undefined, 'assistant', 'Old answer')],
  },
  'ch-repeated': {
    id: 'ch-repeated',
    chatID: 'ch-repeated',
    chatTitle: 'Repeated id',
    messages: [message('m1', 'user', 'One'), message('m1', 'assistant', 'Two')],
  },
};

async function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

function openAsItIs(indexedDB: IDBFactory, name: string): Promise<IDBDatabase> {
  return request(indexedDB.open(name));
}

async function schemaOneDatabase(): Promise<{ indexedDB: IDBFactory; name: string }> {
  const indexedDB = new IDBFactory();
  const name = 'parley-schema-1';
  await createEarlierReleaseDatabase(indexedDB, name);
  const db = await openAsItIs(indexedDB, name);
  const tx = db.transaction('chats', 'readwrite');
  for (const [id, chat] of Object.entries(WHOLE_CHATS)) tx.objectStore('chats').put(chat, id);
  await new Promise((resolve) => (tx.oncomplete = resolve));
  db.close();
  return { indexedDB, name };
}

/** How the current code reads each whole chat (the parse of schema 1's rows, no upgrade). */
async function readWhole(): Promise<Record<string, unknown>> {
  const engine = new MemoryEngine();
  for (const [id, chat] of Object.entries(WHOLE_CHATS)) engine.plant('chats', id, chat);
  const store = createRecordStore(engine, deps);
  return Object.fromEntries(
    await Promise.all(Object.keys(WHOLE_CHATS).map(async (id) => [id, await store.chats.get(id)] as const)),
  );
}

describe('MR8 the upgrade to schema 2 moves messages into rows of their own', () => {
  it('splits every chat in the upgrade; every chat reads exactly as before, and again after a save', async () => {
    const { indexedDB, name } = await schemaOneDatabase();
    const expected = await readWhole();
    const db = await openParleyDatabase(indexedDB, name);
    expect(db.version).toBe(PARLEY_IDB_VERSION);

    const head = await db.get('chats', 'ch-ids');
    expect(isChatHead(head)).toBe(true);
    expect(head).not.toHaveProperty('messages');
    expect((await db.getAllKeys('messages')).map(String).filter((key) => key.includes('ch-ids'))).toEqual([
      messageKey('ch-ids', 0),
    ]);
    // Messages without ids, or repeating one, keep their places: the parse derives the same ids.
    expect(isChatHead(await db.get('chats', 'ch-no-ids'))).toBe(true);
    expect(isChatHead(await db.get('chats', 'ch-repeated'))).toBe(true);

    const store = createRecordStore(new IndexedDbEngine(db), deps);
    for (const id of Object.keys(WHOLE_CHATS)) expect(await store.chats.get(id)).toEqual(expected[id]);
    await store.chats.update('ch-no-ids', (chat) => ({ ...chat, chatTitle: 'Saved again' }));
    expect((await store.chats.get('ch-no-ids'))?.messages).toEqual(
      (expected['ch-no-ids'] as { messages: unknown[] }).messages,
    );
    await store.close();
  });

  it('an upgrade that stops half way is rolled back: schema 1 with every row as it was, and it runs again', async () => {
    const { indexedDB, name } = await schemaOneDatabase();
    const faults = new ScriptedWriteFaults();
    faults.failWrite(2, () => new Error('the page closed'));
    await expect(openParleyDatabase(indexedDB, name, { faults })).rejects.toBeDefined();

    const old = await openAsItIs(indexedDB, name);
    expect(old.version).toBe(10);
    expect([...old.objectStoreNames]).not.toContain('messages');
    for (const [id, chat] of Object.entries(WHOLE_CHATS)) {
      expect(await request(old.transaction('chats').objectStore('chats').get(id))).toEqual(chat);
    }
    old.close();

    const db = await openParleyDatabase(indexedDB, name);
    expect(isChatHead(await db.get('chats', 'ch-ids'))).toBe(true);
    expect(await db.count('messages')).toBe(3); // a row of messages per chat
    db.close();
  });
});
