import { describe, expect, it } from 'vitest';
import { newChat } from '../../src/entities';
import { FakeClock, SequentialIdGenerator } from '../../src/platform';
import { createRecordStore, MemoryEngine } from '../../src/storage';
import type { EngineChange, RecordEngine, StorageTable } from '../../src/storage';

const deps = { clock: new FakeClock('2024-01-01T00:00:00.000Z'), ids: new SequentialIdGenerator('c') };

/**
 * A memory engine that counts its reads and lets the test play "another tab": `elsewhere` writes
 * straight into the tables and announces the change as a remote one, as the import worker does.
 */
function countingEngine(withGetMany: boolean) {
  const inner = new MemoryEngine();
  const reads = { get: 0, getMany: 0, idsPerGetMany: [] as number[] };
  let listener: ((change: EngineChange) => void) | undefined;
  const engine: RecordEngine = {
    kind: 'memory',
    get: (table: StorageTable, id: string) => {
      if (table === 'chatSummaries') reads.get += 1;
      return inner.get(table, id);
    },
    getAll: (table) => inner.getAll(table),
    getPrefix: (table, prefix) => inner.getPrefix(table, prefix),
    read: (tables, work) => inner.read(tables, work),
    ...(withGetMany
      ? {
          getMany: (table: StorageTable, ids: readonly string[]) => {
            reads.getMany += 1;
            reads.idsPerGetMany.push(ids.length);
            return Promise.all(ids.map((id) => inner.get(table, id)));
          },
        }
      : {}),
    transact: (tables, work) => inner.transact(tables, work),
    watch: (next) => {
      listener = next;
      return () => (listener = undefined);
    },
    close: () => inner.close(),
  };
  const other = createRecordStore(inner, deps);
  const elsewhere = async (count: number, prefix: string) => {
    const chats = Array.from({ length: count }, (_, i) =>
      newChat({ id: `${prefix}-${i}`, chatTitle: `${prefix} ${i}` }, deps),
    );
    await other.chats.putMany(chats);
    listener?.({ area: 'chats', ids: chats.map((chat) => chat.id) });
  };
  const purgeElsewhere = async (id: string) => {
    await other.chats.purge(id);
    listener?.({ area: 'chats', ids: [id] });
  };
  return { engine, reads, elsewhere, purgeElsewhere };
}

describe("the summary cache re-reads another context's changes in one read", () => {
  it('a change naming 200 chats costs one multi-get, not 200 reads', async () => {
    const { engine, reads, elsewhere } = countingEngine(true);
    const store = createRecordStore(engine, deps);
    expect(await store.chats.listSummaries()).toEqual([]);

    await elsewhere(200, 'batch1');
    await elsewhere(200, 'batch2');
    const listed = await store.chats.listSummaries();

    expect(listed).toHaveLength(400);
    expect(listed.map((summary) => summary.id)).toContain('batch2-199');
    expect(reads).toEqual({ get: 0, getMany: 2, idsPerGetMany: [200, 200] });
  });

  it('a chat purged elsewhere leaves the list', async () => {
    const { engine, elsewhere, purgeElsewhere } = countingEngine(true);
    const store = createRecordStore(engine, deps);
    await elsewhere(3, 'kept');
    expect(await store.chats.listSummaries()).toHaveLength(3);
    await purgeElsewhere('kept-1');
    expect((await store.chats.listSummaries()).map((summary) => summary.id).sort()).toEqual([
      'kept-0',
      'kept-2',
    ]);
  });

  it('an engine without multi-get still gets every change, one read per chat', async () => {
    const { engine, reads, elsewhere } = countingEngine(false);
    const store = createRecordStore(engine, deps);
    await store.chats.listSummaries();
    await elsewhere(5, 'solo');
    expect(await store.chats.listSummaries()).toHaveLength(5);
    expect(reads.get).toBe(5);
  });
});
