import { describe, expect, it } from 'vitest';
import { syncedSetting } from '../../entities';
import { isStorageError, quotaExceededError } from '../storage-error';
import type { ContractHarness } from './harness';
import { sampleChat, sampleRecords } from './sample-records';

/** ST6 settings defaults, ST7 corrupt records, ST8 quota exceeded. */
export function describeFailures(harness: () => ContractHarness): void {
  describe('ST6 settings area', () => {
    it('ST6 an absent setting reads as its spec default', async () => {
      const { store } = harness();
      expect(await store.settings.get(syncedSetting('fontSize'))).toBe('small');
      expect(await store.settings.get(syncedSetting('defaultModel'))).toBe('gpt-5.1');
      expect(await store.settings.get(syncedSetting('defaultSystemMessage'))).toBe(
        'You are a helpful AI assistant.',
      );
    });

    it('ST6 a persisted null reverts to the default and is remembered with its time', async () => {
      const { store, clock } = harness();
      const streaming = syncedSetting('streaming');
      await store.settings.set(streaming, false);
      expect(await store.settings.get(streaming)).toBe(false);
      clock.advance(1000);
      await store.settings.set(streaming, null);
      expect(await store.settings.get(streaming)).toBe(true);
      expect(await store.settings.entries()).toEqual([
        { key: 'streaming', value: null, updatedAt: '2024-03-01T10:00:01.000Z' },
      ]);
    });

    it('ST6 an unusable stored setting reads as the default and is reported', async () => {
      const { store, subject, issues } = harness();
      await subject.plantRaw('settings', 'fontSize', {
        id: 'fontSize',
        value: 'gigantic',
        updatedAt: '2024-01-01T00:00:00.000Z',
      });
      expect(await store.settings.get(syncedSetting('fontSize'))).toBe('small');
      expect(issues.map((i) => [i.table, i.id])).toEqual([['settings', 'fontSize']]);
    });

    it('ST6 writing an invalid value is refused', async () => {
      const { store } = harness();
      const error = await store.settings
        .set(syncedSetting('fontSize'), 'gigantic' as 'small')
        .catch((e: unknown) => e);
      expect(isStorageError(error, 'corrupt_record')).toBe(true);
      expect(await store.settings.entries()).toEqual([]);
    });
  });

  describe('ST7 corrupt records', () => {
    it('ST7 an unreadable chat reads as a default chat with its id, reported once', async () => {
      const { store, subject, issues } = harness();
      await subject.plantRaw('chats', 'ch-broken', '{"chatTitle": "Half a rec');
      const chat = await store.chats.get('ch-broken');
      expect(chat).toMatchObject({
        id: 'ch-broken',
        chatID: 'ch-broken',
        chatTitle: 'Untitled Chat',
        messages: [],
      });
      await store.chats.get('ch-broken');
      expect(issues).toHaveLength(1);
      expect(issues[0]).toMatchObject({
        code: 'corrupt_record',
        table: 'chats',
        id: 'ch-broken',
        operation: 'read',
      });
    });

    it('ST7 invalid fields fall back to defaults and the valid ones are kept', async () => {
      const { store, subject, issues } = harness();
      await subject.plantRaw('chats', 'ch-partial', {
        id: 'ch-partial',
        chatTitle: 42,
        model: 'claude-2',
        messages: [
          { id: 'm1', role: 'user', content: 'kept' },
          { role: 'wizard', content: 'dropped' },
          'junk',
        ],
      });
      const chat = await store.chats.get('ch-partial');
      expect(chat?.chatTitle).toBe('Untitled Chat');
      expect(chat?.model).toBe('claude-2');
      expect(chat?.messages.map((m) => m.content)).toEqual(['kept']);
      expect(issues[0]?.issues.map((i) => i.path)).toEqual(['chatTitle', 'messages.1.role', 'messages.2']);
    });

    it('ST7 a corrupt record of another kind yields defaults too', async () => {
      const { store, subject, issues } = harness();
      await subject.plantRaw('prompts', 'prompt-x', {
        id: 'prompt-x',
        title: ['not', 'text'],
        content: 'Hello',
      });
      expect(await store.prompts.list()).toMatchObject([{ id: 'prompt-x', title: '', content: 'Hello' }]);
      expect(issues.map((i) => i.table)).toEqual(['prompts']);
    });

    it('ST7 an unreadable summary is rebuilt from its chat', async () => {
      const { store, subject, clock, ids } = harness();
      const chat = await store.chats.put(sampleChat({ clock, ids }));
      await subject.plantRaw('chatSummaries', chat.id, 'garbage');
      expect((await store.chats.listSummaries()).map((s) => [s.id, s.title])).toEqual([
        [chat.id, chat.chatTitle],
      ]);
    });
  });

  describe('ST8 quota exceeded', () => {
    it('ST8 a chat save that runs out of space rejects quota_exceeded and keeps the stored chat and summary', async () => {
      const { store, clock, ids, faults } = harness();
      const chat = await store.chats.put(sampleChat({ clock, ids }));
      const other = await store.chats.put(sampleChat({ clock, ids }, { chatTitle: 'Other' }));
      const summary = await store.chats.getSummary(chat.id);
      faults.failWrite(2, () => quotaExceededError());
      clock.advance(1000);
      const error = await store.chats
        .put({ ...chat, chatTitle: 'Too big', documentText: 'x'.repeat(1000) })
        .catch((e: unknown) => e);
      expect(isStorageError(error, 'quota_exceeded')).toBe(true);
      expect(await store.chats.get(chat.id)).toEqual(chat);
      expect(await store.chats.getSummary(chat.id)).toEqual(summary);
      expect(await store.chats.get(other.id)).toEqual(other);
    });

    it('ST8 a bulk put that runs out of space stores none of it', async () => {
      const { store, clock, ids, faults } = harness();
      const { folder } = sampleRecords({ clock, ids });
      await store.folders.put(folder);
      const more = [1, 2, 3].map((n) => ({ ...folder, id: `folder-${n}` }));
      faults.failWrite(3, () => quotaExceededError());
      const error = await store.folders.putMany(more).catch((e: unknown) => e);
      expect(isStorageError(error, 'quota_exceeded')).toBe(true);
      expect((await store.folders.list()).map((f) => f.id)).toEqual([folder.id]);
    });

    it('ST8 a setting write that runs out of space keeps the previous value', async () => {
      const { store, faults } = harness();
      const fontSize = syncedSetting('fontSize');
      await store.settings.set(fontSize, 'medium');
      faults.failWrite(1, () => quotaExceededError());
      const error = await store.settings.set(fontSize, 'large').catch((e: unknown) => e);
      expect(isStorageError(error, 'quota_exceeded')).toBe(true);
      expect(await store.settings.get(fontSize)).toBe('medium');
    });
  });
}
