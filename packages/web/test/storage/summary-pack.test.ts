import { IDBFactory, IDBKeyRange, IDBObjectStore } from 'fake-indexeddb';
import { describe, expect, it, vi } from 'vitest';
import { parseChat } from '@parley/core/entities';
import { createRecordStore, ScriptedWriteFaults, StorageError } from '@parley/core/storage';
import type { StoredRow, StoragePort } from '@parley/core/storage';
import { FakeClock, SequentialIdGenerator } from '@parley/core/platform';
import {
  createIndexedDbStore,
  createLocalSnapshots,
  IndexedDbEngine,
  openParleyDatabase,
  type ParleyDatabase,
} from '../../src/adapters/storage';
import { declaredSchema } from '../../src/adapters/storage/parley-idb';
import { SUMMARY_PACK_TABLE } from '../../src/adapters/storage/summary-pack';
import { PACK_MAX_DIRTY, PACK_MIN_ROWS } from '../../src/adapters/storage/summary-pack-build';

let counter = 0;
const clock = new FakeClock('2026-11-28T10:00:00.000Z');
const ids = new SequentialIdGenerator('p');

const chat = (id: string, title: string, fields: Record<string, unknown> = {}) =>
  parseChat({ id, chatTitle: title, updatedAt: new Date(clock.advance(1000)).toISOString(), ...fields });

/** One database and a way to open engines and stores on it (each one a tab). */
async function database() {
  const indexedDB = new IDBFactory();
  const name = `parley-pack-${++counter}`;
  const open = () => openParleyDatabase(indexedDB, name);
  const engine = async (faults?: ScriptedWriteFaults) => new IndexedDbEngine(await open(), { faults });
  const store = async (faults?: ScriptedWriteFaults) =>
    createRecordStore(await engine(faults), { clock, ids });
  return { indexedDB, name, open, engine, store };
}

/** The summary table as stored, by id: what every read must give. */
async function tableRows(db: ParleyDatabase): Promise<StoredRow[]> {
  const [keys, values] = await Promise.all([db.getAllKeys('chatSummaries'), db.getAll('chatSummaries')]);
  return keys.map((key, index) => ({ id: String(key), value: values[index] }));
}

const byId = (rows: readonly StoredRow[]) =>
  [...rows].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

async function packKeys(db: ParleyDatabase) {
  const keys = (await db.getAllKeys(SUMMARY_PACK_TABLE)).map(String);
  return {
    parts: keys.filter((key) => key.startsWith('part/')),
    dirty: keys.filter((key) => key.startsWith('dirty/')),
  };
}

/** The object stores whose getAll the code under `work` asked for. */
async function getAllsDuring(work: () => Promise<unknown>): Promise<string[]> {
  const spy = vi.spyOn(IDBObjectStore.prototype, 'getAll');
  try {
    await work();
    return spy.mock.contexts.map((store) => (store as IDBObjectStore).name);
  } finally {
    spy.mockRestore();
  }
}

async function seed(store: StoragePort, count: number, prefix = 'ch') {
  return store.chats.putMany(Array.from({ length: count }, (_, i) => chat(`${prefix}-${i}`, `Chat ${i}`)));
}

describe('PK packed chat summaries (IndexedDB)', () => {
  it('PK1 after a pass a fresh engine reads the summaries from the pack, not the table, and gets the table rows', async () => {
    const { engine, store, open } = await database();
    const first = await store();
    await seed(first, 7);
    expect(await first.packSummaries?.({ minRows: 0 })).toBe('packed');
    const db = await open();
    expect((await packKeys(db)).dirty).toEqual([]);

    const fresh = await engine();
    let rows: StoredRow[] = [];
    const asked = await getAllsDuring(async () => (rows = await fresh.getAll('chatSummaries')));
    expect(asked).not.toContain('chatSummaries');
    expect(asked).toContain(SUMMARY_PACK_TABLE);
    expect(byId(rows)).toEqual(byId(await tableRows(db)));
    // Newest first in the pack, so the store's sort finds them in order.
    const times = rows.map((row) => (row.value as { updatedAt: string }).updatedAt);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('PK1 PK2 every write after a pass, in this tab or another, leaves a dirty entry in its transaction; reads lay them over the pack', async () => {
    const { engine, store, open } = await database();
    const tab = await store();
    const other = await store();
    await seed(tab, 5);
    await tab.packSummaries?.({ minRows: 0 });

    await tab.chats.update('ch-0', (c) => ({ ...c, folderID: 'folder-moved' }));
    await other.chats.update('ch-1', (c) => ({ ...c, favoritedAt: '2026-11-28T12:00:00.000Z' }));
    await other.chats.delete('ch-2');
    await tab.chats.purge('ch-3');
    await other.chats.putMany([chat('ch-new', 'New')]);
    await tab.chats.update('ch-0', (c) => ({ ...c, chatTitle: 'Renamed twice' }));

    const db = await open();
    // One entry per row written, however often (ch-0 twice).
    expect((await packKeys(db)).dirty.map((key) => key.split('/')[1])).toEqual(
      ['4:ch-0', '4:ch-1', '4:ch-2', '4:ch-3', '6:ch-new'].sort(),
    );
    const fresh = await engine();
    let rows: StoredRow[] = [];
    const asked = await getAllsDuring(async () => (rows = await fresh.getAll('chatSummaries')));
    expect(asked).not.toContain('chatSummaries');
    expect(byId(rows)).toEqual(byId(await tableRows(db)));
    const titles = (await createRecordStore(fresh, { clock, ids }).chats.listSummaries()).map((s) => s.title);
    expect(titles.sort()).toEqual(['Chat 1', 'Chat 4', 'New', 'Renamed twice'].sort());
  });

  it('PK1 more dirty entries than the start reads with the parts are read too', async () => {
    const { engine, store, open } = await database();
    const tab = await store();
    await seed(tab, 3);
    await tab.packSummaries?.({ minRows: 0 });
    await seed(tab, 300, 'later');
    const db = await open();
    expect((await packKeys(db)).dirty).toHaveLength(300);
    let rows: StoredRow[] = [];
    const asked = await getAllsDuring(async () => (rows = await (await engine()).getAll('chatSummaries')));
    expect(asked).not.toContain('chatSummaries');
    expect(byId(rows)).toEqual(byId(await tableRows(db)));
  });

  it('PK2 a failed write leaves neither its rows nor its dirty entries', async () => {
    const { store, open } = await database();
    const faults = new ScriptedWriteFaults();
    const tab = await store(faults);
    await seed(tab, 2);
    await tab.packSummaries?.({ minRows: 0 });
    const db = await open();
    const before = { rows: await tableRows(db), pack: await db.getAll(SUMMARY_PACK_TABLE) };
    // Two chats in one transaction; the second one's first write fails after the first chat's summary.
    faults.writes.length = 0;
    faults.failWrite(4, () => new StorageError('quota_exceeded', 'full'));
    await expect(tab.chats.putMany([chat('ch-0', 'Changed'), chat('ch-9', 'New')])).rejects.toBeDefined();
    expect(faults.writes).toContain('chatSummaries/ch-0');
    expect(await tableRows(db)).toEqual(before.rows);
    expect(await db.getAll(SUMMARY_PACK_TABLE)).toEqual(before.pack);
  });

  it('PK3 a row written while a pass reads keeps its entry, so the new pack is laid over right', async () => {
    const { engine, store, open } = await database();
    const tab = await store();
    const other = await store();
    await seed(tab, 4);
    let pauses = 0;
    const outcome = await tab.packSummaries?.({
      minRows: 0,
      // The pass pauses before its reads and after them: a write lands in each pause.
      pause: async () => {
        pauses += 1;
        if (pauses === 1) await other.chats.update('ch-0', (c) => ({ ...c, chatTitle: 'Before the reads' }));
        if (pauses === 2) {
          await other.chats.update('ch-1', (c) => ({ ...c, chatTitle: 'After the reads' }));
          await other.chats.purge('ch-2');
        }
      },
    });
    expect(outcome).toBe('packed');
    const db = await open();
    expect((await packKeys(db)).dirty.map((key) => key.split('/')[1]).sort()).toEqual(
      ['4:ch-0', '4:ch-1', '4:ch-2'].sort(),
    );
    const fresh = await engine();
    expect(byId(await fresh.getAll('chatSummaries'))).toEqual(byId(await tableRows(db)));
  });

  it('PK3 a pass that finds another tab packed meanwhile writes nothing', async () => {
    const { engine, store, open } = await database();
    const tab = await store();
    const other = await store();
    await seed(tab, 3);
    let otherPacked: unknown;
    const outcome = await tab.packSummaries?.({
      minRows: 0,
      pause: async () => {
        if (otherPacked) return;
        otherPacked = await other.packSummaries?.({ minRows: 0 });
        await other.chats.update('ch-0', (c) => ({ ...c, chatTitle: 'Written after the other pack' }));
      },
    });
    expect(otherPacked).toBe('packed');
    expect(outcome).toBe('changed');
    const db = await open();
    expect((await packKeys(db)).dirty).toHaveLength(1);
    expect(byId(await (await engine()).getAll('chatSummaries'))).toEqual(byId(await tableRows(db)));
  });

  it(`PK4 no pack below ${PACK_MIN_ROWS} summaries; a pack stays until ${PACK_MAX_DIRTY} rows were written since`, async () => {
    const { store, open } = await database();
    const tab = await store();
    await seed(tab, 3);
    expect(await tab.packSummaries?.()).toBe('small');
    const db = await open();
    expect((await packKeys(db)).parts).toEqual([]);

    expect(await tab.packSummaries?.({ minRows: 0 })).toBe('packed');
    await seed(tab, PACK_MAX_DIRTY, 'more');
    expect(await tab.packSummaries?.()).toBe('current');
    await tab.chats.put(chat('one-more', 'One more'));
    expect(await tab.packSummaries?.()).toBe('packed');
    expect(await packKeys(db)).toMatchObject({ dirty: [] });
  });

  it('PK4 a pack that cannot be read is not used: the table is read in the same transaction, and the next pass replaces it', async () => {
    const { engine, store, open } = await database();
    const tab = await store();
    await seed(tab, 3);
    await tab.packSummaries?.({ minRows: 0 });
    const db = await open();
    const [partKey] = (await packKeys(db)).parts;
    await db.put(SUMMARY_PACK_TABLE, { format: 1, build: 'other', index: 0, of: 1, ids: ['x'] }, partKey!);

    const damaged = await engine();
    let rows: StoredRow[] = [];
    const asked = await getAllsDuring(async () => (rows = await damaged.getAll('chatSummaries')));
    expect(asked).toContain('chatSummaries');
    expect(byId(rows)).toEqual(byId(await tableRows(db)));
    expect(await damaged.packSummaries({ minRows: 0 })).toBe('packed');
    const fresh = await engine();
    const again = await getAllsDuring(async () => (rows = await fresh.getAll('chatSummaries')));
    expect(again).not.toContain('chatSummaries');
    expect(byId(rows)).toEqual(byId(await tableRows(db)));
  });

  it('PK1 rows are packed exactly as stored: a damaged summary is still rebuilt from its chat (ST7)', async () => {
    const { store, open } = await database();
    const tab = await store();
    await seed(tab, 2);
    const db = await open();
    // Written around the engine (as a damaged disk would), then packed as it is.
    await db.put('chatSummaries', 'garbage', 'ch-1');
    await tab.packSummaries?.({ minRows: 0 });
    const fresh = await store();
    const summary = (await fresh.chats.listSummaries()).find((s) => s.id === 'ch-1');
    expect(summary?.title).toBe('Chat 1');
  });

  it('PK5 the upgrade from schema 4 keeps every record and adds an empty pack table', async () => {
    const indexedDB = new IDBFactory();
    const name = `parley-schema-4-${++counter}`;
    // Schema 4 as that release created it: every table of the app and its indexes, native version 40.
    await new Promise<void>((resolve, reject) => {
      const request = indexedDB.open(name, 40);
      request.onupgradeneeded = () => {
        for (const [table, indexes] of Object.entries(declaredSchema())) {
          const created = request.result.createObjectStore(table);
          for (const spec of indexes) {
            const keyPath = spec.replace('*', '');
            created.createIndex(keyPath, keyPath, { multiEntry: spec.startsWith('*') });
          }
        }
        const tx = request.transaction!;
        tx.objectStore('chats').put({ id: 'ch-old', chatTitle: 'Old' }, 'ch-old');
        tx.objectStore('chatSummaries').put({ id: 'ch-old', title: 'Old' }, 'ch-old');
        tx.objectStore('folders').put({ id: 'f-1', name: 'Folder' }, 'f-1');
        tx.objectStore('settings').put({ value: 'dark', updatedAt: '' }, 'themeMode');
      };
      request.onsuccess = () => {
        request.result.close();
        resolve();
      };
      request.onerror = () => reject(request.error);
    });
    const db = await openParleyDatabase(indexedDB, name);
    expect(db.version).toBe(50);
    expect(await db.getAll(SUMMARY_PACK_TABLE)).toEqual([]);
    expect(await db.get('chats', 'ch-old')).toEqual({ id: 'ch-old', chatTitle: 'Old' });
    expect(await db.get('chatSummaries', 'ch-old')).toEqual({ id: 'ch-old', title: 'Old' });
    expect(await db.get('folders', 'f-1')).toEqual({ id: 'f-1', name: 'Folder' });
    expect(await db.get('settings', 'themeMode')).toEqual({ value: 'dark', updatedAt: '' });
    const store = createRecordStore(new IndexedDbEngine(db), { clock, ids });
    expect((await store.chats.listSummaries()).map((s) => s.title)).toEqual(['Old']);
  });

  it('PK5 snapshots leave the pack out, and a restore empties it', async () => {
    const indexedDB = new IDBFactory();
    const open = () =>
      createIndexedDbStore({ indexedDB, IDBKeyRange, localStorage }, { clock, ids, databaseName: 'parley' });
    const snapshots = createLocalSnapshots({ indexedDB, clock, ids, inProcess: true });
    const store = await open();
    await seed(store, 3);
    await store.packSummaries?.({ minRows: 0 });
    const taken = await snapshots.take('manual');
    expect(Object.keys(taken.counts)).not.toContain(SUMMARY_PACK_TABLE);
    await store.chats.put(chat('ch-later', 'Later'));
    await store.close();
    await snapshots.restore(taken.id);
    const db = await openParleyDatabase(indexedDB, 'parley');
    expect(await db.getAll(SUMMARY_PACK_TABLE)).toEqual([]);
    db.close();
    const reopened = await open();
    expect((await reopened.chats.listSummaries()).map((s) => s.title).sort()).toEqual([
      'Chat 0',
      'Chat 1',
      'Chat 2',
    ]);
    await reopened.close();
  });
});
