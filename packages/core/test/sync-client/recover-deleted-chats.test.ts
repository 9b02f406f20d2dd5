import { describe, expect, it } from 'vitest';
import { FakeClock, SequentialIdGenerator } from '../../src/platform';
import { createMemoryStore, findLostData, restoreLostItems, type StoragePort } from '../../src/storage';
import { restoreDeletedChats } from '../../src/sync-client/restore-deleted';
import { SyncEngine } from '../../src/sync-client/sync-engine';
import { FakeScheduler } from '../../src/sync-client/test-support/fake-scheduler';
import { testChat, testMessage } from '../../src/sync-client/test-support/engine-harness';
import { ModelServerTransport } from '../../src/sync-client/test-support/model-server-transport';

/**
 * Settings > Data > "Recover lost data" lists chats deleted in the last 30 days (RC5). Restoring
 * one goes by the same rule as Recently Deleted (SC22): the web app passes restoreDeletedChats.
 */
function device() {
  const clock = new FakeClock('2026-02-01T00:00:00.000Z');
  const store = createMemoryStore({ clock });
  const transport = new ModelServerTransport();
  const engine = new SyncEngine({
    store,
    transport,
    scheduler: new FakeScheduler(),
    availability: { isActive: () => true, syncsAttachments: () => false },
  });
  const restore = { store, ids: new SequentialIdGenerator('r-') };
  return {
    clock,
    store,
    transport,
    sync: async () => {
      clock.advance(1000);
      expect((await engine.syncNow()).failure).toBeNull();
    },
    recover: async (options: Parameters<typeof restoreLostItems>[2]) =>
      restoreLostItems(store, (await findLostData(store, {}, clock)).items, options),
    syncedRule: { undeleteChats: (ids: readonly string[]) => restoreDeletedChats(restore, ids) },
  };
}

async function deletedAndSynced(d: ReturnType<typeof device>) {
  await d.store.chats.put(testChat('ch-1', { messages: [testMessage('m1'), testMessage('m2')] }));
  await d.sync();
  d.clock.advance(1000);
  await d.store.chats.delete('ch-1');
  await d.sync();
  expect(d.transport.chat('ch-1')?.deletedAt).not.toBeNull();
}

const live = async (store: StoragePort) =>
  (await store.chats.list()).map((chat) => [chat.id, chat.chatTitle, chat.messages.length]);

describe('RC9 SC22 recovering a deleted chat in Settings > Data', () => {
  it('RC9 SC22 a chat whose deletion synced comes back under a new id, and the next syncs keep it', async () => {
    const d = device();
    await deletedAndSynced(d);
    const outcome = await d.recover(d.syncedRule);
    expect(outcome).toEqual({ restored: ['deleted/chats/ch-1'], skipped: [], failed: [] });
    expect(await live(d.store)).toEqual([['ch-r-1', 'Chat ch-1', 2]]);
    await d.sync();
    await d.sync();
    expect(await live(d.store)).toEqual([['ch-r-1', 'Chat ch-1', 2]]);
    expect(d.transport.chat('ch-r-1')?.deletedAt).toBeNull();
    // Nothing is left to recover: the old tombstone went with the copy.
    expect((await findLostData(d.store, {}, d.clock)).items).toEqual([]);
  });

  it('RC9 why: clearing deletedAt in place loses to the synced tombstone at the next sync', async () => {
    const d = device();
    await deletedAndSynced(d);
    await d.recover({});
    expect(await live(d.store)).toEqual([['ch-1', 'Chat ch-1', 2]]);
    await d.sync();
    await d.sync();
    expect(await live(d.store)).toEqual([]);
  });

  it('RC9 SC22 a deletion that never synced is undone in place and kept', async () => {
    const d = device();
    await d.store.chats.put(testChat('ch-1', { messages: [testMessage('m1')] }));
    await d.sync();
    d.clock.advance(1000);
    await d.store.chats.delete('ch-1');
    expect((await d.recover(d.syncedRule)).restored).toEqual(['deleted/chats/ch-1']);
    await d.sync();
    await d.sync();
    expect(await live(d.store)).toEqual([['ch-1', 'Chat ch-1', 1]]);
    expect(d.transport.chat('ch-1')?.deletedAt).toBeNull();
  });
});
