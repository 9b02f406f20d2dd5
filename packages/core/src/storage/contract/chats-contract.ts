import { describe, expect, it } from 'vitest';
import { summarizeChat } from '../../entities';
import { messageKey } from '../chat-rows';
import { isStorageError, quotaExceededError } from '../storage-error';
import type { ContractHarness } from './harness';
import { sampleChat, sampleMessage } from './sample-records';

/** ST2, ST3, ST10: per-chat writes, summaries that follow their chat, read-modify-write. */
export function describeChats(harness: () => ContractHarness): void {
  describe('ST2 one chat per write', () => {
    it('ST2 saving a message writes only that chat (head and new message) and its summary', async () => {
      const { store, clock, ids, faults } = harness();
      const a = await store.chats.put(sampleChat({ clock, ids }, { chatTitle: 'A' }));
      const b = await store.chats.put(sampleChat({ clock, ids }, { chatTitle: 'B' }));
      const bSummary = await store.chats.getSummary(b.id);
      faults.writes.length = 0;
      clock.advance(60_000);
      await store.chats.update(a.id, (chat) => ({
        ...chat,
        messages: [...chat.messages, sampleMessage('m5', 'assistant', 'Day 3: Sintra.', clock)],
      }));
      expect([...faults.writes].sort()).toEqual(
        // The new message is the chat's fifth: in its first row of messages.
        [`chatSummaries/${a.id}`, `chats/${a.id}`, `messages/${messageKey(a.id, 0)}`].sort(),
      );
      expect(await store.chats.get(b.id)).toEqual(b);
      expect(await store.chats.getSummary(b.id)).toEqual(bSummary);
    });
  });

  describe('ST3 summaries follow chats', () => {
    it('ST3 put stores the summary derived from the chat', async () => {
      const { store, clock, ids } = harness();
      const chat = await store.chats.put(sampleChat({ clock, ids }));
      const summary = await store.chats.getSummary(chat.id);
      expect(summary).toEqual(summarizeChat(chat));
      expect(summary?.preview).toBe('And this itinerary?');
      expect(summary?.character).toEqual({
        id: 'character-guide',
        avatarURL: 'https://example.com/g.png',
        title: 'Tour Guide',
      });
      expect(summary?.tags).toEqual(['travel']);
    });

    it('ST3 title and messages changes show in the summary', async () => {
      const { store, clock, ids } = harness();
      const chat = await store.chats.put(sampleChat({ clock, ids }));
      const long = 'x'.repeat(80);
      await store.chats.update(chat.id, (c) => ({
        ...c,
        chatTitle: 'Renamed',
        messages: [...c.messages, sampleMessage('m9', 'assistant', long, clock)],
      }));
      const summary = await store.chats.getSummary(chat.id);
      expect(summary?.title).toBe('Renamed');
      expect(summary?.preview).toBe('x'.repeat(50));
      expect(summary?.messageCount).toBe(5);
    });

    it('ST3 listSummaries filters by folder, tag, archive and favorite, newest first', async () => {
      const { store, clock, ids } = harness();
      const put = async (fields: Parameters<typeof sampleChat>[1]) => {
        clock.advance(1000);
        return store.chats.put(sampleChat({ clock, ids }, fields));
      };
      const inFolder = await put({ folderID: 'f1', tags: [] });
      const tagged = await put({ folderID: null, tags: [{ name: 'work' }] });
      const archived = await put({ folderID: null, tags: [], archivedAt: '2024-03-01T00:00:00.000Z' });
      const favorite = await put({ folderID: null, tags: [], favoritedAt: '2024-03-01T00:00:00.000Z' });
      const idsOf = (list: { id: string }[]) => list.map((s) => s.id);
      expect(idsOf(await store.chats.listSummaries())).toEqual([
        favorite.id,
        archived.id,
        tagged.id,
        inFolder.id,
      ]);
      expect(idsOf(await store.chats.listSummaries({ folderID: 'f1' }))).toEqual([inFolder.id]);
      expect(idsOf(await store.chats.listSummaries({ folderID: null }))).toEqual([
        favorite.id,
        archived.id,
        tagged.id,
      ]);
      expect(idsOf(await store.chats.listSummaries({ tag: 'work' }))).toEqual([tagged.id]);
      expect(idsOf(await store.chats.listSummaries({ archived: true }))).toEqual([archived.id]);
      expect(idsOf(await store.chats.listSummaries({ favorited: true }))).toEqual([favorite.id]);
      expect(idsOf(await store.chats.listSummaries({ limit: 2 }))).toEqual([favorite.id, archived.id]);
      expect(await store.chats.count()).toBe(4);
    });

    it('ST3 example chats can be left out of the list', async () => {
      const { store, clock, ids } = harness();
      await store.chats.put(sampleChat({ clock, ids }, { isExample: true }));
      const real = await store.chats.put(sampleChat({ clock, ids }));
      expect((await store.chats.listSummaries({ includeExamples: false })).map((s) => s.id)).toEqual([
        real.id,
      ]);
    });
  });

  describe('ST3 the list stays current after it has been read', () => {
    const titlesOf = (list: { title: string }[]) => list.map((s) => s.title);

    it('ST3 every later write shows in the next list: put, putMany, update, delete, purge', async () => {
      const { store, clock, ids } = harness();
      const put = (title: string) => {
        clock.advance(1000);
        return store.chats.put(sampleChat({ clock, ids }, { chatTitle: title }));
      };
      const a = await put('A');
      expect(titlesOf(await store.chats.listSummaries())).toEqual(['A']);
      const b = await put('B');
      clock.advance(1000);
      await store.chats.putMany([sampleChat({ clock, ids }, { chatTitle: 'C' })]);
      expect(titlesOf(await store.chats.listSummaries())).toEqual(['C', 'B', 'A']);
      clock.advance(1000);
      await store.chats.update(a.id, (chat) => ({ ...chat, chatTitle: 'A2' }));
      clock.advance(1000);
      await store.chats.delete(b.id);
      expect(titlesOf(await store.chats.listSummaries())).toEqual(['A2', 'C']);
      expect(titlesOf(await store.chats.listSummaries({ includeDeleted: true }))).toEqual(['B', 'A2', 'C']);
      await store.chats.purge(b.id);
      expect(titlesOf(await store.chats.listSummaries({ includeDeleted: true }))).toEqual(['A2', 'C']);
      expect(await store.chats.count()).toBe(2);
    });

    it('ST3 a write that commits while the first list is being read is not lost', async () => {
      const { store, clock, ids } = harness();
      await store.chats.put(sampleChat({ clock, ids }, { chatTitle: 'Old' }));
      const reading = store.chats.listSummaries();
      clock.advance(1000);
      const writing = store.chats.put(sampleChat({ clock, ids }, { chatTitle: 'New' }));
      await Promise.all([reading, writing]);
      expect(titlesOf(await store.chats.listSummaries())).toEqual(['New', 'Old']);
    });

    it('ST3 ST8 a failed write leaves the list as it was', async () => {
      const { store, clock, ids, faults } = harness();
      const chat = await store.chats.put(sampleChat({ clock, ids }, { chatTitle: 'Kept' }));
      await store.chats.listSummaries();
      faults.failWrite(2, () => quotaExceededError());
      const error = await store.chats
        .update(chat.id, (c) => ({ ...c, chatTitle: 'Lost' }))
        .catch((e: unknown) => e);
      expect(isStorageError(error, 'quota_exceeded')).toBe(true);
      expect(titlesOf(await store.chats.listSummaries())).toEqual(['Kept']);
    });

    it('ST3 listed summaries are read-only snapshots: a caller cannot change what others see', async () => {
      const { store, clock, ids } = harness();
      await store.chats.put(sampleChat({ clock, ids }, { chatTitle: 'Mine' }));
      const [summary] = await store.chats.listSummaries();
      expect(() => {
        (summary as { title: string }).title = 'Changed';
      }).toThrow(TypeError);
      expect(titlesOf(await store.chats.listSummaries())).toEqual(['Mine']);
    });
  });

  describe('ST10 update', () => {
    it('ST10 update applies the change to the stored chat and stamps updatedAt', async () => {
      const { store, clock, ids } = harness();
      const chat = await store.chats.put(sampleChat({ clock, ids }));
      clock.advance(5000);
      const updated = await store.chats.update(chat.id, (c) => ({ ...c, chatTitle: 'New' }));
      expect(updated.updatedAt).toBe('2024-03-01T10:00:05.000Z');
      expect((await store.chats.get(chat.id))?.chatTitle).toBe('New');
    });

    it('ST10 update of a missing chat rejects not_found and writes nothing', async () => {
      const { store, faults } = harness();
      const error = await store.chats.update('ch-missing', (c) => c).catch((e: unknown) => e);
      expect(isStorageError(error, 'not_found')).toBe(true);
      expect(faults.writes).toEqual([]);
      expect(await store.chats.get('ch-missing')).toBeUndefined();
    });
  });
}
