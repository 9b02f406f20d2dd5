import { IDBFactory, IDBObjectStore } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRecordStore, messageKeyPrefix } from '@parley/core/storage';
import { sampleChat } from '@parley/core/storage/contract';
import { FakeClock, SequentialIdGenerator } from '@parley/core/platform';
import { IndexedDbEngine, openParleyDatabase } from '../../src/adapters/storage';

const deps = { clock: new FakeClock('2024-03-01T00:00:00.000Z'), ids: new SequentialIdGenerator('b') };
let counter = 0;

async function seeded() {
  const engine = new IndexedDbEngine(await openParleyDatabase(new IDBFactory(), `parley-bulk-${++counter}`));
  const store = createRecordStore(engine, deps);
  await store.chats.putMany(['c', 'a', 'b'].map((id) => sampleChat(deps, { id, chatTitle: `Chat ${id}` })));
  return engine;
}

/** Every read request the engine makes, by method. */
function countRequests() {
  const made: string[] = [];
  for (const method of ['getAll', 'getAllKeys', 'getAllRecords'] as const) {
    const original = requests[method]!;
    vi.spyOn(requests, method).mockImplementation(function (this: IDBObjectStore, ...args: unknown[]) {
      made.push(method);
      return original.apply(this, args) as never;
    });
  }
  return made;
}

/** The object store's read methods, getAllRecords among them (not in TypeScript's DOM types yet). */
const requests = IDBObjectStore.prototype as unknown as Record<string, (...args: unknown[]) => unknown>;

afterEach(() => vi.restoreAllMocks());

describe('IndexedDB bulk reads: keys and values of a table or a key range', () => {
  it('where the browser has getAllRecords, a table is read in one request, rows in key order', async () => {
    const engine = await seeded();
    const made = countRequests();
    const rows = await engine.getAll('chatSummaries');
    expect(rows.map((row) => row.id)).toEqual(['a', 'b', 'c']);
    expect(rows.map((row) => (row.value as { id: string }).id)).toEqual(['a', 'b', 'c']);
    expect(made).toEqual(['getAllRecords']);
  });

  it('without it (older browsers), getAllKeys and getAll give the same rows', async () => {
    const engine = await seeded();
    const withRecords = await engine.getAll('chatSummaries');
    const withRecordsPrefix = await engine.getPrefix('messages', messageKeyPrefix('b'));
    const proto = IDBObjectStore.prototype as { getAllRecords?: unknown };
    const getAllRecords = proto.getAllRecords;
    const made = countRequests();
    proto.getAllRecords = undefined;
    try {
      expect(await engine.getAll('chatSummaries')).toEqual(withRecords);
      expect(await engine.getPrefix('messages', messageKeyPrefix('b'))).toEqual(withRecordsPrefix);
    } finally {
      proto.getAllRecords = getAllRecords;
    }
    expect(withRecordsPrefix.length).toBeGreaterThan(0);
    expect(made).toEqual(['getAllKeys', 'getAll', 'getAllKeys', 'getAll']);
  });
});
