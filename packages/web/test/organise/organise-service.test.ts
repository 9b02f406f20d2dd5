import { newChat } from '@parley/core/entities';
import type { Chat } from '@parley/core/entities';
import { FakeClock, SequentialIdGenerator } from '@parley/core/platform';
import { createMemoryStore } from '@parley/core/storage';
import { SyncEngine } from '@parley/core/sync-client';
import { FakeScheduler, ModelServerTransport } from '@parley/core/sync-client/test-support';
import { describe, expect, it, vi } from 'vitest';
import { createLibraryStore } from '../../src/features/organise/library-store';
import { createOrganiseService } from '../../src/features/organise/organise-service';

const DAY = 86_400_000;

function setup() {
  const clock = new FakeClock('2026-03-10T12:00:00.000Z');
  const ids = new SequentialIdGenerator('t');
  const store = createMemoryStore({ clock, ids });
  const service = createOrganiseService({ store, clock, ids });
  const addChat = (fields: Partial<Chat> = {}) => store.chats.put(newChat(fields, { clock, ids }));
  return { clock, store, service, addChat };
}

/** The organiser on a device that syncs with the model server (the real merge rules). */
function syncingSetup() {
  const base = setup();
  const server = new ModelServerTransport();
  const engine = new SyncEngine({
    store: base.store,
    transport: server,
    scheduler: new FakeScheduler(),
    availability: { isActive: () => true, syncsAttachments: () => false },
  });
  const sync = async () => {
    base.clock.advance(1000);
    expect((await engine.syncNow()).failure).toBeNull();
  };
  const listed = async () =>
    (await base.store.chats.listSummaries()).map((summary) => ({ id: summary.id, title: summary.title }));
  return { ...base, server, sync, listed };
}

describe('organise service', () => {
  it('deleting a folder keeps its chats: they move out of it and stay listed', async () => {
    const { store, service, addChat } = setup();
    const folder = await service.createFolder('Work');
    const inside = await addChat({ chatTitle: 'in', folderID: folder.id });
    const outside = await addChat({ chatTitle: 'out' });

    await service.deleteFolder(folder.id);

    expect((await store.folders.get(folder.id))?.deletedAt).not.toBeNull();
    expect(await service.liveFolders()).toEqual([]);
    const chats = await store.chats.listSummaries();
    expect(chats.map((chat) => chat.id).sort()).toEqual([inside.id, outside.id].sort());
    expect((await store.chats.get(inside.id))?.folderID).toBeNull();
    expect((await store.chats.get(inside.id))?.deletedAt).toBeNull();
  });

  it('undoing a folder delete brings the folder and its chats back together', async () => {
    const { store, service, addChat } = setup();
    const folder = await service.createFolder('Work');
    const inside = await addChat({ folderID: folder.id });
    const undo = await service.deleteFolder(folder.id);
    await undo();
    expect((await store.folders.get(folder.id))?.deletedAt).toBeNull();
    expect((await store.chats.get(inside.id))?.folderID).toBe(folder.id);
  });

  it('a bulk move is one store transaction (putMany) and one undo', async () => {
    const { store, service, addChat } = setup();
    const folder = await service.createFolder('Later');
    const chats = await Promise.all([addChat(), addChat(), addChat({ folderID: 'elsewhere' })]);
    const putMany = vi.spyOn(store.chats, 'putMany');
    const put = vi.spyOn(store.chats, 'put');

    const undo = await service.moveToFolder(
      chats.map((chat) => chat.id),
      folder.id,
    );

    expect(putMany).toHaveBeenCalledTimes(1);
    expect(put).not.toHaveBeenCalled();
    for (const chat of chats) expect((await store.chats.get(chat.id))?.folderID).toBe(folder.id);

    await undo();
    expect(putMany).toHaveBeenCalledTimes(2);
    const folders = await Promise.all(chats.map(async (chat) => (await store.chats.get(chat.id))?.folderID));
    expect(folders).toEqual([null, null, 'elsewhere']);
  });

  it('delete keeps a tombstone with the messages; undo restores the chat', async () => {
    const { store, service, addChat } = setup();
    const chat = await addChat({ chatTitle: 'Keep me' });
    const undo = await service.delete([chat.id]);

    expect(await store.chats.listSummaries()).toEqual([]);
    const tombstone = await store.chats.get(chat.id);
    expect(tombstone?.deletedAt).toBe('2026-03-10T12:00:00.000Z');
    expect(tombstone?.chatTitle).toBe('Keep me');

    await undo();
    expect((await store.chats.listSummaries()).map((summary) => summary.id)).toEqual([chat.id]);
  });

  it('purges tombstones 30 days old or more on start, and keeps younger ones (fake clock)', async () => {
    const { clock, store, service, addChat } = setup();
    const old = await addChat({ chatTitle: 'old' });
    await service.delete([old.id]);
    const oldFolder = await service.createFolder('old folder');
    await store.folders.delete(oldFolder.id);
    clock.advance(10 * DAY);
    const recent = await addChat({ chatTitle: 'recent' });
    await service.delete([recent.id]);
    const live = await addChat({ chatTitle: 'live' });

    clock.advance(20 * DAY - 1);
    expect(await service.purgeExpiredTombstones()).toEqual({ chats: 0, folders: 0 });

    clock.advance(1);
    expect(await service.purgeExpiredTombstones()).toEqual({ chats: 1, folders: 1 });
    expect(await store.chats.get(old.id)).toBeUndefined();
    expect(await store.folders.get(oldFolder.id)).toBeUndefined();
    expect((await store.chats.get(recent.id))?.deletedAt).not.toBeNull();
    expect((await store.chats.get(live.id))?.deletedAt).toBeNull();
  });

  it('tags: adds once (no duplicates), removes, and undo of a bulk tag removes it again', async () => {
    const { store, service, addChat } = setup();
    const a = await addChat({ tags: [{ name: 'work' }] });
    const b = await addChat();
    const undo = await service.addTag([a.id, b.id], 'work');
    expect((await store.chats.get(a.id))?.tags).toEqual([{ name: 'work' }]);
    expect((await store.chats.get(b.id))?.tags).toEqual([{ name: 'work' }]);
    await undo();
    expect((await store.chats.get(b.id))?.tags).toEqual([]);
    await service.removeTag([a.id], 'work');
    expect((await store.chats.getSummary(a.id))?.tags).toEqual([]);
  });

  it('pins, archives and unarchives', async () => {
    const { store, service, addChat } = setup();
    const chat = await addChat();
    await service.setPinned([chat.id], true);
    await service.setArchived([chat.id], true);
    expect(await store.chats.listSummaries({ archived: false })).toEqual([]);
    expect((await store.chats.getSummary(chat.id))?.favoritedAt).not.toBeNull();
    await service.setArchived([chat.id], false);
    expect((await store.chats.listSummaries({ archived: false })).map((s) => s.id)).toEqual([chat.id]);
  });

  it('reorders folders (move up / down) and renumbers them', async () => {
    const { service } = setup();
    const a = await service.createFolder('A');
    const b = await service.createFolder('B');
    const c = await service.createFolder('C');
    await service.reorderFolder(c.id, 0);
    expect((await service.liveFolders()).map((folder) => folder.title)).toEqual(['C', 'A', 'B']);
    await service.reorderFolder(c.id, 2);
    expect((await service.liveFolders()).map((folder) => folder.id)).toEqual([a.id, b.id, c.id]);
  });

  it('exports the chosen chats as one JSON document', async () => {
    const { service, addChat } = setup();
    const a = await addChat({ chatTitle: 'First' });
    const b = await addChat({ chatTitle: 'Second' });
    const parsed = JSON.parse(await service.exportJson([a.id, b.id])) as { chats: Chat[] };
    expect(parsed.chats.map((chat) => chat.chatTitle)).toEqual(['First', 'Second']);
  });

  it('deleting a folder remembers the chats it moved out; Delete forever purges the tombstone', async () => {
    const { store, service, addChat } = setup();
    const folder = await service.createFolder('Work');
    const inside = await addChat({ folderID: folder.id });
    await service.deleteFolder(folder.id);
    expect((await store.folders.get(folder.id))?.movedOutChatIDs).toEqual([inside.id]);
    await service.deleteFolderForever(folder.id);
    expect(await store.folders.get(folder.id)).toBeUndefined();
    expect((await store.chats.get(inside.id))?.deletedAt).toBeNull();
  });
});

describe('organise service and sync: restores that sync keeps (SC22, SC23)', () => {
  it('SC22 restoring a chat whose deletion never synced clears deletedAt; a sync round keeps it', async () => {
    const { service, addChat, sync, listed } = syncingSetup();
    const chat = await addChat({ chatTitle: 'Keep me' });
    await sync();
    await service.delete([chat.id]);
    const undo = await service.restore([chat.id]);
    expect(await listed()).toEqual([{ id: chat.id, title: 'Keep me' }]);
    await sync();
    await sync();
    expect(await listed()).toEqual([{ id: chat.id, title: 'Keep me' }]);
    await undo();
    expect(await listed()).toEqual([]);
  });

  it('SC22 undo of a delete that already synced brings the chat back under a new id, kept by sync', async () => {
    const { store, service, addChat, sync, listed, server } = syncingSetup();
    const chat = await addChat({ chatTitle: 'Keep me', tags: [{ name: 'work' }] });
    await sync();
    const undo = await service.delete([chat.id]);
    await sync();
    await undo();
    const [back] = await listed();
    expect(back?.title).toBe('Keep me');
    expect(back?.id).not.toBe(chat.id);
    expect(await store.chats.get(chat.id)).toBeUndefined();
    await sync();
    await sync();
    expect(await listed()).toEqual([back]);
    expect((await store.chats.get(back?.id ?? ''))?.tags).toEqual([{ name: 'work' }]);
    expect(server.chat(chat.id)?.deletedAt).not.toBeNull();
  });

  it('SC22 SC23 restoring a folder whose deletion synced: a new folder with its chats, kept by sync', async () => {
    const { store, service, addChat, sync } = syncingSetup();
    const folder = await service.createFolder('Work');
    const inside = await addChat({ folderID: folder.id });
    await sync();
    await service.deleteFolder(folder.id);
    await sync();
    const undo = await service.restoreFolder(folder.id);
    const [restored] = await service.liveFolders();
    expect(restored?.title).toBe('Work');
    expect(restored?.id).not.toBe(folder.id);
    expect((await store.chats.get(inside.id))?.folderID).toBe(restored?.id);
    await sync();
    await sync();
    expect((await service.liveFolders()).map((live) => live.id)).toEqual([restored?.id]);
    expect((await store.chats.get(inside.id))?.folderID).toBe(restored?.id);

    // Undo of the restore deletes it again, chats kept.
    await undo();
    expect(await service.liveFolders()).toEqual([]);
    expect((await store.chats.get(inside.id))?.deletedAt).toBeNull();
  });

  it('SC23 the library lists deleted folders apart from the live ones, newest deletion first', async () => {
    const { store, service, clock } = setup();
    const older = await service.createFolder('Older');
    const newer = await service.createFolder('Newer');
    await service.createFolder('Live');
    await service.deleteFolder(older.id);
    clock.advance(1000);
    await service.deleteFolder(newer.id);
    const library = createLibraryStore(store);
    await library.refresh();
    expect(library.getState().folders.map((folder) => folder.title)).toEqual(['Live']);
    expect(library.getState().deletedFolders.map((folder) => folder.title)).toEqual(['Newer', 'Older']);
    library.dispose();
  });
});
