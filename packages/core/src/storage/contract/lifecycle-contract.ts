import { describe, expect, it } from 'vitest';
import { parseFolder } from '../../entities';
import { isStorageError } from '../storage-error';
import type { StorageChange } from '../storage-port';
import type { ContractHarness } from './harness';
import { sampleChat, sampleRecords } from './sample-records';

/** ST4 tombstones, ST5 bulk put, ST9 change notification. */
export function describeLifecycle(harness: () => ContractHarness): void {
  describe('ST4 tombstones', () => {
    it('ST4 deleting a chat tombstones it and its summary; purge removes both', async () => {
      const { store, clock, ids } = harness();
      const chat = await store.chats.put(sampleChat({ clock, ids }));
      clock.advance(1000);
      const tombstone = await store.chats.delete(chat.id);
      expect(tombstone.deletedAt).toBe('2024-03-01T10:00:01.000Z');
      expect(tombstone.updatedAt).toBe(tombstone.deletedAt);
      expect(tombstone.messages).toEqual(chat.messages);
      expect(await store.chats.list()).toEqual([]);
      expect((await store.chats.list({ includeDeleted: true })).map((c) => c.id)).toEqual([chat.id]);
      expect(await store.chats.listSummaries()).toEqual([]);
      expect((await store.chats.getSummary(chat.id))?.deletedAt).toBe(tombstone.deletedAt);
      expect(await store.chats.count()).toBe(0);
      expect(await store.chats.count({ includeDeleted: true })).toBe(1);
      await store.chats.purge(chat.id);
      expect(await store.chats.get(chat.id)).toBeUndefined();
      expect(await store.chats.getSummary(chat.id)).toBeUndefined();
    });

    it('ST4 every record kind tombstones, lists without tombstones, and purges', async () => {
      const { store, clock, ids } = harness();
      const records = sampleRecords({ clock, ids });
      const cases = [
        [store.folders, records.folder],
        [store.projects, records.project],
        [store.prompts, records.prompt],
        [store.characters, records.character],
        [store.plugins, records.plugin],
        [store.profiles, records.profile],
        [store.memory, records.memory],
      ] as const;
      for (const [repository, record] of cases) {
        const put = repository.put as (r: typeof record) => Promise<typeof record>;
        await put(record);
        const tombstone = await repository.delete(record.id);
        expect(tombstone.deletedAt).not.toBeNull();
        expect(await repository.list()).toEqual([]);
        expect(await repository.count({ includeDeleted: true })).toBe(1);
        expect((await repository.get(record.id))?.deletedAt).toBe(tombstone.deletedAt);
        await repository.purge(record.id);
        expect(await repository.get(record.id)).toBeUndefined();
      }
      const stored = await store.attachments.put(records.attachment, new Uint8Array([1]));
      await store.attachments.delete(stored.id);
      expect(await store.attachments.list()).toEqual([]);
      await store.attachments.purge(stored.id);
      expect(await store.attachments.get(stored.id)).toBeUndefined();
    });

    it('ST4 deleting something that does not exist rejects not_found; purging it is a no-op', async () => {
      const { store } = harness();
      expect(isStorageError(await store.chats.delete('ch-none').catch((e: unknown) => e), 'not_found')).toBe(
        true,
      );
      expect(isStorageError(await store.prompts.delete('none').catch((e: unknown) => e), 'not_found')).toBe(
        true,
      );
      await expect(store.folders.purge('none')).resolves.toBeUndefined();
    });
  });

  describe('ST5 bulk put', () => {
    it('ST5 putMany stores every record with its own timestamps (imports, sync)', async () => {
      const { store, clock, ids } = harness();
      const chats = [1, 2, 3].map((n) =>
        sampleChat(
          { clock, ids },
          { updatedAt: `2023-0${n}-01T00:00:00.000Z`, syncedAt: '2023-06-01T00:00:00.000Z' },
        ),
      );
      await store.chats.putMany(chats);
      for (const chat of chats) expect(await store.chats.get(chat.id)).toEqual(chat);
      expect((await store.chats.listSummaries()).map((s) => s.updatedAt)).toEqual([
        '2023-03-01T00:00:00.000Z',
        '2023-02-01T00:00:00.000Z',
        '2023-01-01T00:00:00.000Z',
      ]);
      const folders = ['a', 'b'].map((id) =>
        parseFolder({ id, title: id, updatedAt: '2023-01-01T00:00:00.000Z' }),
      );
      await store.folders.putMany(folders);
      expect(await store.folders.list()).toEqual(folders);
    });

    it('ST5 attachments putMany stores every one with its bytes and its own timestamps; a bad one writes none', async () => {
      const { store, clock, ids } = harness();
      const { attachment } = sampleRecords({ clock, ids });
      const second = { ...attachment, id: 'att-2', updatedAt: '2023-01-01T00:00:00.000Z' };
      const stored = await store.attachments.putMany([
        { attachment, data: new Uint8Array([1, 2, 3]) },
        { attachment: second, data: new Uint8Array([4]) },
      ]);
      expect(stored.map((a) => [a.id, a.size])).toEqual([
        ['att-1', 3],
        ['att-2', 1],
      ]);
      expect((await store.attachments.get('att-2'))?.attachment.updatedAt).toBe('2023-01-01T00:00:00.000Z');
      expect(Array.from((await store.attachments.get('att-1'))?.data ?? [])).toEqual([1, 2, 3]);
      const error = await store.attachments
        .putMany([
          { attachment: { ...attachment, id: 'att-3' }, data: new Uint8Array([5]) },
          { attachment: { ...attachment, id: '' }, data: new Uint8Array([6]) },
        ])
        .catch((e: unknown) => e);
      expect(isStorageError(error, 'corrupt_record')).toBe(true);
      expect(await store.attachments.get('att-3')).toBeUndefined();
    });

    it('ST5 a bulk put with an unusable record writes nothing', async () => {
      const { store, clock, ids, faults } = harness();
      const good = sampleChat({ clock, ids });
      const bad = { ...sampleChat({ clock, ids }), id: '', chatID: '' };
      const error = await store.chats.putMany([good, bad]).catch((e: unknown) => e);
      expect(isStorageError(error, 'corrupt_record')).toBe(true);
      expect(faults.writes).toEqual([]);
      expect(await store.chats.get(good.id)).toBeUndefined();
    });
  });

  describe('ST9 change notification', () => {
    it('ST9 onChange reports local writes with their area and ids until unsubscribed', async () => {
      const { store, clock, ids } = harness();
      const changes: StorageChange[] = [];
      const stop = store.onChange((change) => changes.push(change));
      const chat = await store.chats.put(sampleChat({ clock, ids }));
      await store.prompts.put(sampleRecords({ clock, ids }).prompt);
      await store.chats.delete(chat.id);
      stop();
      await store.chats.purge(chat.id);
      expect(changes).toEqual([
        { area: 'chats', ids: [chat.id], origin: 'local' },
        { area: 'prompts', ids: ['prompt-1'], origin: 'local' },
        { area: 'chats', ids: [chat.id], origin: 'local' },
      ]);
    });

    it('ST9 a failed write notifies nobody', async () => {
      const { store, clock, ids } = harness();
      const changes: StorageChange[] = [];
      store.onChange((change) => changes.push(change));
      await store.chats.update('ch-none', (c) => c).catch(() => undefined);
      await store.chats
        .putMany([{ ...sampleChat({ clock, ids }), id: '', chatID: '' }])
        .catch(() => undefined);
      expect(changes).toEqual([]);
    });
  });
}
