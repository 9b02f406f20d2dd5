import { IDBFactory, IDBTransaction } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRecordStore } from '@parley/core/storage';
import { sampleChat } from '@parley/core/storage/contract';
import { FakeClock, SequentialIdGenerator } from '@parley/core/platform';
import { IndexedDbEngine, openParleyDatabase } from '../../src/adapters/storage';

const deps = { clock: new FakeClock('2024-03-01T00:00:00.000Z'), ids: new SequentialIdGenerator('s') };
let counter = 0;

afterEach(() => vi.restoreAllMocks());

describe('MR12 a chat save asks IndexedDB to commit once its last request is made', () => {
  it('put and update commit as soon as their writes are done; what they resolved with is stored', async () => {
    const factory = new IDBFactory();
    const name = `parley-commit-${++counter}`;
    const store = createRecordStore(new IndexedDbEngine(await openParleyDatabase(factory, name)), deps);
    const commit = vi.spyOn(IDBTransaction.prototype, 'commit');
    const chat = await store.chats.put(sampleChat(deps, { id: 'c1', chatTitle: 'First' }));
    expect(commit).toHaveBeenCalledTimes(1);
    const renamed = await store.chats.update('c1', (current) => ({ ...current, chatTitle: 'Second' }));
    expect(commit).toHaveBeenCalledTimes(2);
    // Another connection sees what the save resolved with.
    const other = createRecordStore(new IndexedDbEngine(await openParleyDatabase(factory, name)), deps);
    expect(await other.chats.get('c1')).toEqual(renamed);
    expect(renamed.messages).toEqual(chat.messages);
  });
});
