import { describe, expect, it } from 'vitest';
import { syncedSetting } from '../../src/entities';
import { FakeClock, SequentialIdGenerator } from '../../src/platform';
import { createRecordStore, MemoryEngine, type RecordEngine, type StorageTable } from '../../src/storage';

const deps = { clock: new FakeClock('2024-01-01T00:00:00.000Z'), ids: new SequentialIdGenerator('s') };

/** A memory engine with a getMany, counting single reads and batch reads of settings. */
function countingEngine() {
  const inner = new MemoryEngine();
  const reads = { get: 0, getMany: 0 };
  const engine: RecordEngine = {
    kind: 'memory',
    get: (table: StorageTable, id: string) => {
      if (table === 'settings') reads.get += 1;
      return inner.get(table, id);
    },
    getMany: (table: StorageTable, ids: readonly string[]) => {
      reads.getMany += 1;
      return Promise.all(ids.map((id) => inner.get(table, id)));
    },
    getAll: (table) => inner.getAll(table),
    getPrefix: (table, prefix) => inner.getPrefix(table, prefix),
    read: (tables, work) => inner.read(tables, work),
    transact: (tables, work) => inner.transact(tables, work),
    close: () => inner.close(),
  };
  return { engine, reads };
}

describe('settings read ahead at start-up', () => {
  it('the keys read ahead come from one read; each later get takes its value', async () => {
    const { engine, reads } = countingEngine();
    const store = createRecordStore(engine, deps);
    await store.settings.set(syncedSetting('fontSize'), 'large');
    reads.get = 0;
    store.settings.readAhead(['fontSize', 'streaming', 'automaticTitle']);
    expect(await store.settings.get(syncedSetting('fontSize'))).toBe('large');
    expect(await store.settings.get(syncedSetting('streaming'))).toBe(
      syncedSetting('streaming').defaultValue(),
    );
    expect(reads).toEqual({ get: 0, getMany: 1 });
    // Spent: a second get reads again.
    await store.settings.get(syncedSetting('fontSize'));
    expect(reads.get).toBe(1);
  });

  it('a write after the read ahead wins: get never returns the older early value', async () => {
    const { engine } = countingEngine();
    const store = createRecordStore(engine, deps);
    await store.settings.set(syncedSetting('fontSize'), 'large');
    store.settings.readAhead(['fontSize']);
    await store.settings.set(syncedSetting('fontSize'), 'small');
    expect(await store.settings.get(syncedSetting('fontSize'))).toBe('small');
    store.settings.readAhead(['fontSize']);
    await store.settings.putEntries([
      { key: 'fontSize', value: 'medium', updatedAt: '2024-01-02T00:00:00.000Z' },
    ]);
    expect(await store.settings.get(syncedSetting('fontSize'))).toBe('medium');
  });
});
