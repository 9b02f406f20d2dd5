import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { parseChat } from '@parley/core/entities';
import { FakeClock, SequentialIdGenerator } from '@parley/core/platform';
import {
  createIndexedDbStore,
  createLocalSnapshots,
  CURRENT_DATA_FORMAT,
  DATA_FORMAT_KEY,
  guardDataUpgrade,
  UPGRADE_MARKER_KEY,
} from '../../src/adapters/storage';

afterEach(() => localStorage.clear());

async function setup() {
  const indexedDB = new IDBFactory();
  const clock = new FakeClock('2026-11-25T10:00:00.000Z');
  const ids = new SequentialIdGenerator('t');
  const open = () =>
    createIndexedDbStore({ indexedDB, IDBKeyRange, localStorage }, { clock, ids, databaseName: 'parley' });
  const snapshots = createLocalSnapshots({ indexedDB, clock, ids, inProcess: true });
  return { indexedDB, clock, open, snapshots };
}

const chat = (id: string, title: string) => parseChat({ id, chatTitle: title });

describe('local snapshots', () => {
  it('SN6 a restore puts every record back as it was, after keeping the current data as a snapshot', async () => {
    const { open, snapshots, clock } = await setup();
    const store = await open();
    await store.chats.put(chat('ch-1', 'Trip'));
    await store.chats.put(chat('ch-2', 'Taxes'));
    const taken = await snapshots.take('manual');
    expect(taken.counts.chats).toBe(2);
    expect(taken.bytes).toBeGreaterThan(0);

    clock.advance(60_000);
    await store.chats.delete('ch-1');
    await store.chats.put(chat('ch-3', 'Made after the snapshot'));
    await snapshots.restore(taken.id);

    const reopened = await open();
    const live = (await reopened.chats.list()).map((c) => c.chatTitle).sort();
    expect(live).toEqual(['Taxes', 'Trip']);
    const listed = await snapshots.list();
    expect(listed.map((s) => s.reason)).toEqual(['before-restore', 'manual']);
    expect(listed[0]?.counts.chats).toBe(3);
  });

  it('SN3 SN4 a daily snapshot only when due, and no more than seven are kept', async () => {
    const { open, snapshots, clock } = await setup();
    await (await open()).chats.put(chat('ch-1', 'One'));
    expect(await snapshots.takeDailyIfDue()).not.toBeNull();
    expect(await snapshots.takeDailyIfDue()).toBeNull();
    for (let day = 0; day < 9; day++) {
      clock.advance(24 * 60 * 60 * 1000);
      await snapshots.takeDailyIfDue();
    }
    expect(await snapshots.list()).toHaveLength(7);
  });

  it('SN2 SN5 an upgrade that never finished is rolled back from the snapshot taken before it', async () => {
    const { indexedDB, open, snapshots } = await setup();
    const store = await open();
    await store.chats.put(chat('ch-1', 'Kept'));
    await store.chats.put(chat('ch-2', 'Also kept'));
    localStorage.setItem(DATA_FORMAT_KEY, 'db1.chat2');

    // A start of a release with a newer format: a snapshot first, a marker while it upgrades.
    const guard = await guardDataUpgrade({ localStorage, indexedDB, snapshots });
    expect(guard.problem).toBeNull();
    const marker = JSON.parse(localStorage.getItem(UPGRADE_MARKER_KEY) ?? 'null') as { snapshotId: string };
    expect((await snapshots.list()).find((s) => s.id === marker.snapshotId)?.reason).toBe('before-upgrade');
    // The upgrade dies half way: one chat lost, the marker left behind.
    await store.chats.delete('ch-1');

    const next = await guardDataUpgrade({ localStorage, indexedDB, snapshots });
    expect(next.restored?.id).toBe(marker.snapshotId);
    const reopened = await open();
    expect((await reopened.chats.list()).map((c) => c.chatTitle).sort()).toEqual(['Also kept', 'Kept']);
    // The data is back in its old format, so this start upgrades it again, guarded again.
    expect(localStorage.getItem(UPGRADE_MARKER_KEY)).not.toBeNull();
    next.finish();
    expect(localStorage.getItem(DATA_FORMAT_KEY)).toBe(CURRENT_DATA_FORMAT);
    expect(localStorage.getItem(UPGRADE_MARKER_KEY)).toBeNull();
  });

  it('SN2 a new device or data already in this format takes no snapshot', async () => {
    const { indexedDB, snapshots } = await setup();
    const guard = await guardDataUpgrade({ localStorage, indexedDB, snapshots });
    expect(guard.restored).toBeNull();
    expect(localStorage.getItem(DATA_FORMAT_KEY)).toBe(CURRENT_DATA_FORMAT);
    await guardDataUpgrade({ localStorage, indexedDB, snapshots });
    expect(await snapshots.list()).toEqual([]);
  });
});
