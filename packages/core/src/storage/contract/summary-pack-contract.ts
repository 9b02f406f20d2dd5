import { describe, expect, it } from 'vitest';
import type { ChatSummary } from '../../entities';
import { quotaExceededError } from '../storage-error';
import type { StoragePort } from '../storage-port';
import type { ContractHarness } from './harness';
import { sampleChat } from './sample-records';

/** A packing pass whatever the library's size; backends without a packed copy have nothing to do. */
const pack = (store: StoragePort) => store.packSummaries?.({ minRows: 0 });

/** What the sidebar shows of each summary, newest first. */
const listed = (summaries: readonly ChatSummary[]) =>
  summaries.map(({ id, title, folderID, favoritedAt, deletedAt, messageCount }) => ({
    id,
    title,
    folderID,
    favoritedAt,
    deletedAt,
    messageCount,
  }));

/**
 * PK (storage SPEC PK): a backend may keep a packed copy of the chat summaries for its start; the
 * summary list is the same whether or not it was packed, after every kind of write since.
 */
export function describeSummaryPack(harness: () => ContractHarness): void {
  describe('PK packed summaries', () => {
    it('PK1 PK2 the list read by a fresh store is the stored one after a pass and every kind of write since', async () => {
      const h = harness();
      const { clock, ids } = h;
      const [kept, moved, pinned, deleted, purged] = await h.store.chats.putMany(
        ['Kept', 'Moved', 'Pinned', 'Deleted', 'Purged'].map((chatTitle) =>
          sampleChat({ clock, ids }, { chatTitle }),
        ),
      );
      await pack(h.store);
      clock.advance(1000);
      await h.store.chats.update(moved!.id, (chat) => ({ ...chat, folderID: 'folder-other' }));
      await h.store.chats.update(pinned!.id, (chat) => ({
        ...chat,
        favoritedAt: new Date(clock.now()).toISOString(),
      }));
      await h.store.chats.delete(deleted!.id);
      await h.store.chats.purge(purged!.id);
      const [added] = await h.store.chats.putMany([sampleChat({ clock, ids }, { chatTitle: 'Added' })]);
      await h.store.chats.put({ ...kept!, chatTitle: 'Kept, renamed' });

      const expected = listed(await h.store.chats.listSummaries({ includeDeleted: true }));
      expect(expected.map((summary) => summary.title).sort()).toEqual(
        ['Added', 'Deleted', 'Kept, renamed', 'Moved', 'Pinned'].sort(),
      );
      expect(expected.find((summary) => summary.id === added!.id)).toBeDefined();
      const reopened = await h.reopen?.();
      if (!reopened) return;
      expect(listed(await reopened.chats.listSummaries({ includeDeleted: true }))).toEqual(expected);
      // Packed again, and read by a third store: the same list.
      await pack(reopened);
      const third = await h.reopen?.();
      expect(listed(await third!.chats.listSummaries({ includeDeleted: true }))).toEqual(expected);
    });

    it('PK2 a failed write changes neither the list nor the packed copy', async () => {
      const h = harness();
      const { clock, ids } = h;
      const chat = await h.store.chats.put(sampleChat({ clock, ids }, { chatTitle: 'Before' }));
      await pack(h.store);
      // The save's second write, its summary (the messages are as stored: no message row is written).
      h.faults.failWrite(2, () => quotaExceededError());
      await expect(h.store.chats.put({ ...chat, chatTitle: 'After' })).rejects.toMatchObject({
        code: 'quota_exceeded',
      });
      const reopened = await h.reopen?.();
      const titles = (await (reopened ?? h.store).chats.listSummaries()).map((summary) => summary.title);
      expect(titles).toEqual(['Before']);
    });
  });
}
