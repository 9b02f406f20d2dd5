import { newChat } from '@parley/core/entities';
import type { Chat } from '@parley/core/entities';
import { FakeClock, SequentialIdGenerator } from '@parley/core/platform';
import { createMemoryStore } from '@parley/core/storage';
import { describe, expect, it, vi } from 'vitest';
import { createOrganiseService } from './organise-service';

const DAY = 86_400_000;

function setup() {
  const clock = new FakeClock('2026-03-10T12:00:00.000Z');
  const ids = new SequentialIdGenerator('t');
  const store = createMemoryStore({ clock, ids });
  const service = createOrganiseService({ store, clock, ids });
  const addChat = (fields: Partial<Chat> = {}) => store.chats.put(newChat(fields, { clock, ids }));
  return { clock, store, service, addChat };
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
});
