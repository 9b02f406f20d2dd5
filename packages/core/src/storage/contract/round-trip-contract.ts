import { describe, expect, it } from 'vitest';
import { syncedSetting, voiceSettingsSetting } from '../../entities';
import { themeModeSetting } from '../local-settings';
import type { ContractHarness } from './harness';
import { sampleChat, sampleRecords } from './sample-records';

/** ST1: every entity comes back exactly as it was stored (fields, unknown fields, bytes). */
export function describeRoundTrip(harness: () => ContractHarness): void {
  describe('ST1 round trip', () => {
    it('ST1 a chat with every message part kind, a character and tags', async () => {
      const { store, clock, ids } = harness();
      const chat = sampleChat({ clock, ids });
      const stored = await store.chats.put(chat, { touch: false });
      expect(stored).toEqual(chat);
      expect(await store.chats.get(chat.id)).toEqual(chat);
    });

    it('ST1 folders, projects, prompts, characters, plugins, profiles and memory entries', async () => {
      const { store, clock, ids } = harness();
      const records = sampleRecords({ clock, ids });
      await store.folders.put(records.folder, { touch: false });
      await store.projects.put(records.project, { touch: false });
      await store.prompts.put(records.prompt, { touch: false });
      await store.characters.put(records.character, { touch: false });
      await store.plugins.put(records.plugin, { touch: false });
      await store.profiles.put(records.profile, { touch: false });
      await store.memory.put(records.memory, { touch: false });
      expect(await store.folders.get('folder-travel')).toEqual(records.folder);
      expect(await store.projects.get('project-trips')).toEqual(records.project);
      expect(await store.prompts.get('prompt-1')).toEqual(records.prompt);
      expect(await store.characters.get('character-chef')).toEqual(records.character);
      expect(await store.plugins.get('get_web_search_results')).toEqual(records.plugin);
      expect(await store.profiles.get('profile-1')).toEqual(records.profile);
      expect(await store.memory.get('memory-1')).toEqual(records.memory);
    });

    it('ST1 a plugin keeps fields this version does not know', async () => {
      const { store, clock, ids } = harness();
      const { plugin } = sampleRecords({ clock, ids });
      await store.plugins.put(plugin);
      const back = (await store.plugins.get(plugin.id)) as Record<string, unknown> | undefined;
      expect(back?.httpAction).toEqual({ method: 'GET', url: 'https://example.com/search?q={keyword}' });
      expect(back?.githubURL).toBe('https://github.com/example/plugin');
    });

    it('ST1 attachment bytes and metadata', async () => {
      const { store, clock, ids } = harness();
      const { attachment } = sampleRecords({ clock, ids });
      const bytes = new Uint8Array([137, 80, 78, 71, 0, 255, 1, 2]);
      const stored = await store.attachments.put(attachment, bytes);
      expect(stored.size).toBe(8);
      const back = await store.attachments.get('att-1');
      expect(back?.attachment).toEqual(stored);
      expect(Array.from(back?.data ?? [])).toEqual(Array.from(bytes));
      expect((await store.attachments.list()).map((a) => a.id)).toEqual(['att-1']);
    });

    it('ST1 usage records, queried by time range (from inclusive, to exclusive)', async () => {
      const { store } = harness();
      const first = await store.usage.append({
        recordedAt: '2024-03-01T00:00:00.000Z',
        totalTokens: 10,
        totalCostUSD: 0.01,
      });
      await store.usage.append({ recordedAt: '2024-03-02T00:00:00.000Z', totalTokens: 20 });
      await store.usage.append({ recordedAt: '2024-03-03T00:00:00.000Z', totalTokens: 30 });
      expect(first.id).toMatch(/^usage-/);
      const range = await store.usage.query({
        from: '2024-03-01T00:00:00.000Z',
        to: '2024-03-03T00:00:00.000Z',
      });
      expect(range.map((r) => r.totalTokens)).toEqual([10, 20]);
      expect((await store.usage.query()).map((r) => r.totalTokens)).toEqual([10, 20, 30]);
      expect(await store.usage.count()).toBe(3);
      await store.usage.purge(first.id);
      expect(await store.usage.count()).toBe(2);
    });

    it('ST1 settings of every kind', async () => {
      const { store } = harness();
      await store.settings.set(syncedSetting('fontSize'), 'large');
      await store.settings.set(syncedSetting('customModels'), [
        {
          id: 'local-llama',
          modelID: 'llama3',
          title: 'Llama',
          contextLength: 8192,
          apiType: 'openai',
          provider: 'custom',
          source: 'custom',
        },
      ]);
      await store.settings.set(themeModeSetting, 'dark');
      const voice = {
        ...voiceSettingsSetting.defaultValue(),
        openAIVoice: 'nova' as const,
        autoSpeech: true,
      };
      await store.settings.set(voiceSettingsSetting, voice);
      expect(await store.settings.get(syncedSetting('fontSize'))).toBe('large');
      expect((await store.settings.get(syncedSetting('customModels')))[0]?.contextLength).toBe(8192);
      expect(await store.settings.get(themeModeSetting)).toBe('dark');
      expect(await store.settings.get(voiceSettingsSetting)).toEqual(voice);
    });
  });
}

/** ST12: only for stores that persist (a second instance over the same data). */
export function describePersistence(harness: () => ContractHarness): void {
  describe('ST12 persistence', () => {
    it('ST12 data survives closing and reopening the store', async () => {
      const { store, reopen, clock, ids } = harness();
      if (!reopen) throw new Error('a persistent subject must provide reopen()');
      const chat = sampleChat({ clock, ids });
      await store.chats.put(chat, { touch: false });
      await store.settings.set(syncedSetting('streaming'), false);
      const again = await reopen();
      expect(await again.chats.get(chat.id)).toEqual(chat);
      expect(await again.chats.getSummary(chat.id)).toEqual(await store.chats.getSummary(chat.id));
      expect(await again.settings.get(syncedSetting('streaming'))).toBe(false);
    });
  });
}
