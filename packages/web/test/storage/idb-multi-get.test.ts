import { IDBDatabase, IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRecordStore } from '@parley/core/storage';
import { sampleChat } from '@parley/core/storage/contract';
import { FakeClock, SequentialIdGenerator } from '@parley/core/platform';
import { unwrap } from 'idb';
import { IndexedDbEngine, openParleyDatabase } from '../../src/adapters/storage';
import { MULTI_GET_SLICE } from '../../src/adapters/storage/idb-engine';

const deps = { clock: new FakeClock('2024-03-01T00:00:00.000Z'), ids: new SequentialIdGenerator('g') };
let counter = 0;

async function twoTabs() {
  const environment = { indexedDB: new IDBFactory(), IDBKeyRange };
  const name = `parley-multi-get-${++counter}`;
  const open = async () => {
    const db = await openParleyDatabase(environment.indexedDB, name);
    const engine = new IndexedDbEngine(db);
    return { engine, native: unwrap(db), store: createRecordStore(engine, deps) };
  };
  return [await open(), await open()] as const;
}

afterEach(() => vi.restoreAllMocks());

describe('IndexedDB multi-get', () => {
  it('reads several records in one transaction, in the order asked, undefined where absent', async () => {
    const [tab] = await twoTabs();
    const [a, b] = await tab.store.chats.putMany([
      sampleChat(deps, { id: 'a', chatTitle: 'A' }),
      sampleChat(deps, { id: 'b', chatTitle: 'B' }),
    ]);
    const transactions = vi.spyOn(IDBDatabase.prototype, 'transaction');
    const values = (await tab.engine.getMany('chats', ['b', 'missing', 'a'])) as (
      { id: string } | undefined
    )[];
    expect(values.map((value) => value?.id)).toEqual([b!.id, undefined, a!.id]);
    expect(transactions).toHaveBeenCalledTimes(1);
    expect(await tab.engine.getMany('chats', [])).toEqual([]);
  });

  it("another tab's import batch of 150 chats is re-read by this tab in one transaction", async () => {
    const [writer, reader] = await twoTabs();
    expect(await reader.store.chats.listSummaries()).toEqual([]);
    const heard = new Promise<void>((resolve) =>
      reader.store.onChange((change) => change.origin === 'remote' && resolve()),
    );
    const transactions = vi.spyOn(IDBDatabase.prototype, 'transaction');
    await writer.store.chats.putMany(
      Array.from({ length: 150 }, (_, i) => sampleChat(deps, { id: `chat-${i}`, chatTitle: `Chat ${i}` })),
    );
    await heard;
    expect(await reader.store.chats.listSummaries()).toHaveLength(150);
    const readersOwn = transactions.mock.contexts.filter((db) => db === reader.native);
    expect(readersOwn).toHaveLength(1);
  });

  it('more ids than one slice still come from one transaction, every value in order', async () => {
    const [tab] = await twoTabs();
    const count = MULTI_GET_SLICE * 3 + 4;
    await tab.store.chats.putMany(
      Array.from({ length: count }, (_, i) => sampleChat(deps, { id: `c-${i}`, chatTitle: `C ${i}` })),
    );
    const ids = Array.from({ length: count }, (_, i) => `c-${count - 1 - i}`);
    const transactions = vi.spyOn(IDBDatabase.prototype, 'transaction');
    const values = (await tab.engine.getMany('chats', ids)) as { id: string }[];
    expect(values.map((value) => value.id)).toEqual(ids);
    expect(transactions).toHaveBeenCalledTimes(1);
  });
});
