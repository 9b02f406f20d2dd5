import { describe, expect, it } from 'vitest';
import { parseFolder, type Folder } from '../../src/entities';
import { FakeClock, SequentialIdGenerator } from '../../src/platform';
import { createMemoryStore, type StoragePort } from '../../src/storage';
import { restoreDeletedChats, restoreDeletedFolders } from '../../src/sync-client/restore-deleted';
import { SyncEngine } from '../../src/sync-client/sync-engine';
import { readSyncState } from '../../src/sync-client/sync-state';
import { FakeScheduler } from '../../src/sync-client/test-support/fake-scheduler';
import { testChat, testMessage } from '../../src/sync-client/test-support/engine-harness';
import { ModelServerTransport } from '../../src/sync-client/test-support/model-server-transport';

/** One device syncing with the model server (real merge rules), with its own store and clock. */
function device(transport = new ModelServerTransport(), name = 'a') {
  const clock = new FakeClock('2026-02-01T00:00:00.000Z');
  const store = createMemoryStore({ clock });
  const ids = new SequentialIdGenerator(`${name}-`);
  const engine = new SyncEngine({
    store,
    transport,
    scheduler: new FakeScheduler(),
    availability: { isActive: () => true, syncsAttachments: () => false },
    ids,
  });
  return {
    store,
    transport,
    clock,
    engine,
    restore: { store, ids },
    sync: async () => {
      clock.advance(1000);
      const snapshot = await engine.syncNow();
      expect(snapshot.failure).toBeNull();
    },
    /** What the sidebar's Delete does: a tombstone stamped now (messages kept for a restore). */
    deleteChat: async (id: string) => {
      clock.advance(1000);
      await store.chats.update(id, (chat) => ({ ...chat, deletedAt: new Date(clock.now()).toISOString() }));
    },
  };
}

const chatWithMessages = (id: string, fields = {}) =>
  testChat(id, {
    messages: [testMessage('m1'), testMessage('m2', { role: 'assistant' })],
    tags: [{ name: 'work' }],
    folderID: 'folder-x',
    ...fields,
  });

async function liveChats(store: StoragePort) {
  return (await store.chats.list()).map((chat) => ({ id: chat.id, title: chat.chatTitle }));
}

describe('SC22 restoring a deleted chat', () => {
  it('SC22 a deletion that never synced is undone in place, and the next sync keeps the chat', async () => {
    const a = device();
    await a.store.chats.put(chatWithMessages('ch-1'));
    await a.sync();
    await a.deleteChat('ch-1');
    expect(await restoreDeletedChats(a.restore, ['ch-1'])).toEqual([{ from: 'ch-1', to: 'ch-1' }]);
    await a.sync();
    await a.sync();
    expect(await liveChats(a.store)).toEqual([{ id: 'ch-1', title: 'Chat ch-1' }]);
    expect(a.transport.chat('ch-1')?.deletedAt).toBeNull();
  });

  it('SC22 a synced deletion comes back as a copy under a new id that the next syncs keep', async () => {
    const a = device();
    await a.store.chats.put(chatWithMessages('ch-1'));
    await a.sync();
    await a.deleteChat('ch-1');
    await a.sync();
    expect(a.transport.chat('ch-1')?.deletedAt).not.toBeNull();
    a.clock.advance(5000);

    const [restored] = await restoreDeletedChats(a.restore, ['ch-1']);
    expect(restored?.from).toBe('ch-1');
    expect(restored?.to).not.toBe('ch-1');
    const copy = await a.store.chats.get(restored?.to ?? '');
    expect(copy).toMatchObject({
      chatID: restored?.to,
      chatTitle: 'Chat ch-1',
      folderID: 'folder-x',
      tags: [{ name: 'work' }],
      deletedAt: null,
      syncedAt: null,
      updatedAt: new Date(a.clock.now()).toISOString(),
    });
    expect(copy?.messages.map((message) => message.id)).toEqual(['m1', 'm2']);
    // Recently Deleted no longer lists it here; the server keeps its tombstone.
    expect(await a.store.chats.get('ch-1')).toBeUndefined();

    await a.sync();
    await a.sync();
    expect(await liveChats(a.store)).toEqual([{ id: restored?.to, title: 'Chat ch-1' }]);
    expect(a.transport.chat('ch-1')?.deletedAt).not.toBeNull();
    expect(a.transport.chat(restored?.to ?? '')?.deletedAt).toBeNull();

    // Another device of the account gets the copy, and the old id stays deleted there.
    const b = device(a.transport.device(), 'b');
    await b.engine.fullResync();
    expect(await liveChats(b.store)).toEqual([{ id: restored?.to, title: 'Chat ch-1' }]);
  });

  it('MG5 why: clearing deletedAt of a synced deletion loses to the server tombstone at the next sync', async () => {
    const a = device();
    await a.store.chats.put(chatWithMessages('ch-1'));
    await a.sync();
    await a.deleteChat('ch-1');
    await a.sync();
    await a.store.chats.update('ch-1', (chat) => ({ ...chat, deletedAt: null }));
    await a.sync();
    await a.sync();
    expect(await liveChats(a.store)).toEqual([]);
  });

  it('SC22 a deletion a failed sync carried counts as synced: the restore makes a copy', async () => {
    const a = device();
    await a.store.chats.put(chatWithMessages('ch-1'));
    await a.sync();
    await a.deleteChat('ch-1');
    const failing = new SyncEngine({
      store: a.store,
      transport: { send: () => Promise.reject(new TypeError('Failed to fetch')) },
      scheduler: new FakeScheduler(),
      availability: { isActive: () => true, syncsAttachments: () => false },
    });
    expect((await failing.syncNow()).status).toBe('error');
    expect((await readSyncState(a.store)).pendingDeletions.chats).toEqual(['ch-1']);

    const [restored] = await restoreDeletedChats(a.restore, ['ch-1']);
    expect(restored?.to).not.toBe('ch-1');
    await a.sync();
    await a.sync();
    expect(await liveChats(a.store)).toEqual([{ id: restored?.to, title: 'Chat ch-1' }]);
  });

  it('SC22 live and unknown ids are left alone', async () => {
    const a = device();
    await a.store.chats.put(chatWithMessages('ch-1'));
    expect(await restoreDeletedChats(a.restore, ['ch-1', 'ch-nope'])).toEqual([]);
  });
});

describe('SC24 a restore while the deletion was on the way', () => {
  it('SC24 a chat restored in place during the sync that sent its deletion moves to a new id', async () => {
    const server = new ModelServerTransport();
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let holding = false;
    const transport = {
      send: async (request: Parameters<ModelServerTransport['send']>[0]) => {
        const answer = await server.send(request);
        if (holding && request.path === '/api/sync') await gate;
        return answer;
      },
    };
    const a = device(server);
    const engine = new SyncEngine({
      store: a.store,
      transport,
      scheduler: new FakeScheduler(),
      availability: { isActive: () => true, syncsAttachments: () => false },
      ids: new SequentialIdGenerator('moved-'),
    });
    await a.store.chats.put(chatWithMessages('ch-1'));
    await engine.syncNow();
    await a.deleteChat('ch-1');
    holding = true;
    const carrying = engine.syncNow();
    await new Promise((resolve) => setTimeout(resolve, 0));
    // The server already took the deletion; this device does not know yet, so it restores in place.
    expect(server.chat('ch-1')?.deletedAt).not.toBeNull();
    expect(await restoreDeletedChats(a.restore, ['ch-1'])).toEqual([{ from: 'ch-1', to: 'ch-1' }]);
    release();
    await carrying;
    holding = false;

    expect(await a.store.chats.get('ch-1')).toBeUndefined();
    await engine.syncNow();
    await engine.syncNow();
    const live = await a.store.chats.list();
    expect(live.map((chat) => chat.id)).toEqual(['ch-moved-1']);
    expect(live[0]?.messages).toHaveLength(2);
    expect(server.chat('ch-moved-1')?.deletedAt).toBeNull();
  });
});

describe('SC24 a restore while a failing sync carried the deletion', () => {
  it('SC24 the next sync moves the chat to a new id before sending the deletion again', async () => {
    const server = new ModelServerTransport();
    let fail: (error: Error) => void = () => {};
    let failing = false;
    const transport = {
      send: (request: Parameters<ModelServerTransport['send']>[0]) =>
        failing && request.path === '/api/sync'
          ? new Promise<never>((_resolve, reject) => (fail = reject))
          : server.send(request),
    };
    const a = device(server);
    const engine = new SyncEngine({
      store: a.store,
      transport,
      scheduler: new FakeScheduler(),
      availability: { isActive: () => true, syncsAttachments: () => false },
      ids: new SequentialIdGenerator('moved-'),
    });
    await a.store.chats.put(chatWithMessages('ch-1'));
    await engine.syncNow();
    await a.deleteChat('ch-1');
    failing = true;
    const carrying = engine.syncNow();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await restoreDeletedChats(a.restore, ['ch-1'])).toEqual([{ from: 'ch-1', to: 'ch-1' }]);
    fail(new TypeError('Failed to fetch'));
    expect((await carrying).status).toBe('error');
    failing = false;

    await engine.syncNow();
    await engine.syncNow();
    expect((await a.store.chats.list()).map((chat) => chat.id)).toEqual(['ch-moved-1']);
    expect(server.chat('ch-1')?.deletedAt).not.toBeNull();
    expect(server.chat('ch-moved-1')?.deletedAt).toBeNull();
  });
});

describe('SC22 SC23 restoring a deleted folder', () => {
  async function folderWithChats(a: ReturnType<typeof device>) {
    const folder: Folder = parseFolder({
      id: 'folder-x',
      title: 'Travel',
      order: 2,
      createdAt: '2026-01-01T00:00:00.000Z',
    });
    await a.store.folders.put(folder);
    await a.store.chats.put(chatWithMessages('ch-1'));
    await a.store.chats.put(chatWithMessages('ch-2'));
    await a.store.chats.put(chatWithMessages('ch-3'));
  }

  /** What the sidebar's Delete folder does: chats out, then a tombstone that remembers them. */
  async function deleteFolder(a: ReturnType<typeof device>) {
    a.clock.advance(1000);
    const chats = await a.store.chats.list();
    await a.store.chats.putMany(
      chats.map((chat) => ({ ...chat, folderID: null })),
      { touch: true },
    );
    const folder = await a.store.folders.get('folder-x');
    await a.store.folders.put({
      ...folder!,
      deletedAt: new Date(a.clock.now()).toISOString(),
      movedOutChatIDs: ['ch-1', 'ch-2', 'ch-3'],
    });
  }

  it('SC22 SC23 an unsynced folder deletion is undone in place, with the chats moved back', async () => {
    const a = device();
    await folderWithChats(a);
    await deleteFolder(a);
    // Meanwhile ch-2 went into another folder and ch-3 was deleted: they stay where they are.
    await a.store.chats.update('ch-2', (chat) => ({ ...chat, folderID: 'folder-other' }));
    await a.deleteChat('ch-3');

    const [restored] = await restoreDeletedFolders(a.restore, ['folder-x']);
    expect(restored).toEqual({ from: 'folder-x', to: 'folder-x', chatIds: ['ch-1'] });
    const folder = await a.store.folders.get('folder-x');
    expect(folder).toMatchObject({ title: 'Travel', deletedAt: null });
    expect(folder?.movedOutChatIDs).toBeUndefined();
    expect((await a.store.chats.get('ch-1'))?.folderID).toBe('folder-x');
    expect((await a.store.chats.get('ch-2'))?.folderID).toBe('folder-other');
    await a.sync();
    expect(a.transport.folder('folder-x')?.deletedAt).toBeNull();
  });

  it('SC22 SC23 a synced folder deletion comes back as a new folder holding its chats, kept by sync', async () => {
    const a = device();
    await folderWithChats(a);
    await a.sync();
    await deleteFolder(a);
    await a.sync();
    expect(a.transport.folder('folder-x')?.deletedAt).not.toBeNull();

    const [restored] = await restoreDeletedFolders(a.restore, ['folder-x']);
    expect(restored?.to).toMatch(/^folder-a-/);
    expect(restored?.chatIds).toEqual(['ch-1', 'ch-2', 'ch-3']);
    expect(await a.store.folders.get('folder-x')).toBeUndefined();
    await a.sync();
    await a.sync();
    const folders = await a.store.folders.list();
    expect(folders.map((folder) => [folder.id, folder.title, folder.order])).toEqual([
      [restored?.to, 'Travel', 2],
    ]);
    const chats = await a.store.chats.list();
    expect(chats.map((chat) => chat.folderID)).toEqual([restored?.to, restored?.to, restored?.to]);
    expect(a.transport.folder(restored?.to ?? '')?.deletedAt).toBeNull();
    expect(a.transport.chat('ch-1')?.folderID).toBe(restored?.to);
  });
});
