import { describe, expect, it } from 'vitest';
import { legacyMessageId, syncedSetting } from '../../src/entities';
import { FakeClock, SequentialIdGenerator } from '../../src/platform';
import {
  createMemoryStore,
  LEGACY_KEYS,
  LEGACY_MIGRATION_VERSION,
  legacyMigrationVersionSetting,
  planLegacyMigration,
  quotaExceededError,
  runLegacyMigrations,
  ScriptedWriteFaults,
  themeModeSetting,
} from '../../src/storage';
import type { LegacyKeyValueStore } from '../../src/storage';

/** The old app's localStorage, seeded with data in the old formats. */
class FakeLegacyStorage implements LegacyKeyValueStore {
  readonly items = new Map<string, string>();
  constructor(seed: Record<string, unknown> = {}) {
    for (const [key, value] of Object.entries(seed))
      this.items.set(key, typeof value === 'string' ? value : JSON.stringify(value));
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

const oldChat = (n: number, extra: Record<string, unknown> = {}) => ({
  chatID: `ch-old-${n}`,
  chatTitle: `Old chat ${n}`,
  model: 'gpt-4-0613',
  createdAt: '2023-06-01T00:00:00.000Z',
  updatedAt: '2023-06-02T00:00:00.000Z',
  messages: [
    { role: 'user', content: `Question ${n}` },
    { role: 'assistant', content: `Answer ${n}`, model: 'gpt-4-0613' },
  ],
  ...extra,
});

const setup = (seed: Record<string, unknown>, faults?: ScriptedWriteFaults) => {
  const clock = new FakeClock('2024-04-01T00:00:00.000Z');
  const store = createMemoryStore({ clock, ids: new SequentialIdGenerator('s'), faults });
  return { clock, store, legacy: new FakeLegacyStorage(seed) };
};

describe('legacy migrations', () => {
  it('LM1 chats, folders, prompts, characters and plugins move from localStorage into the store', async () => {
    const { store, legacy, clock } = setup({
      [LEGACY_KEYS.chats]: [oldChat(1), oldChat(2)],
      [LEGACY_KEYS.folders]: [{ id: 'f1', name: 'Work', order: 1 }],
      [LEGACY_KEYS.prompts]: [{ id: 'p1', title: 'Translate', content: 'Translate {{text}}' }],
      [LEGACY_KEYS.characters]: [{ id: 'character-1', title: 'Chef', instruction: 'Cook' }],
      [LEGACY_KEYS.plugins]: [
        { id: 'get_web_search_results', title: 'Web Search', httpAction: { url: 'x' } },
      ],
    });
    const report = await runLegacyMigrations(legacy, store, clock);
    expect(report.counts).toMatchObject({ chats: 2, folders: 1, prompts: 1, characters: 1, plugins: 1 });
    expect((await store.chats.listSummaries()).map((s) => s.title).sort()).toEqual([
      'Old chat 1',
      'Old chat 2',
    ]);
    const chat = await store.chats.get('ch-old-1');
    // Deterministic ids: another device migrating the same data derives the same ones.
    expect(chat?.messages[0]?.id).toBe(legacyMessageId('ch-old-1', 0, 'Question 1'));
    expect(chat?.updatedAt).toBe('2023-06-02T00:00:00.000Z');
    expect((await store.folders.get('f1'))?.title).toBe('Work');
    expect((await store.prompts.get('p1'))?.content).toBe('Translate {{text}}');
    expect((await store.plugins.get('get_web_search_results')) as Record<string, unknown>).toMatchObject({
      httpAction: { url: 'x' },
    });
    expect(legacy.items.size).toBe(0);
  });

  it('LM1 an object of chats keyed by id is accepted too', async () => {
    const { store, legacy, clock } = setup({
      [LEGACY_KEYS.chats]: { 'ch-k': { chatTitle: 'Keyed', messages: [] } },
    });
    await runLegacyMigrations(legacy, store, clock);
    expect((await store.chats.get('ch-k'))?.chatTitle).toBe('Keyed');
  });

  it('LM2 system-type characters become normal characters', async () => {
    const { store, legacy, clock } = setup({
      [LEGACY_KEYS.characters]: [{ id: 'character-s', title: 'Sys', type: 'system' }],
    });
    await runLegacyMigrations(legacy, store, clock);
    expect(await store.characters.get('character-s')).not.toHaveProperty('type');
  });

  it('LM3 retired model ids are renamed in chats, messages, characters and settings', async () => {
    const { store, legacy, clock } = setup({
      [LEGACY_KEYS.chats]: [oldChat(1, { model: 'claude-v1' })],
      [LEGACY_KEYS.characters]: [{ id: 'character-1', model: 'gpt-3.5-turbo-0613' }],
      TM_useDefaultModel: 'claude-v1-100k',
      TM_useHiddenModelIDs: ['gpt-4-0613'],
    });
    await runLegacyMigrations(legacy, store, clock);
    const chat = await store.chats.get('ch-old-1');
    expect(chat?.model).toBe('claude-1');
    expect(chat?.messages[1]?.model).toBe('gpt-4');
    expect((await store.characters.get('character-1'))?.model).toBe('gpt-3.5-turbo');
    expect(await store.settings.get(syncedSetting('defaultModel'))).toBe('claude-1-100k');
    expect(await store.settings.get(syncedSetting('hiddenModelIDs'))).toEqual(['gpt-4']);
  });

  it('LM4 the old Anthropic proxy endpoint is replaced by the messages endpoint', async () => {
    const { store, legacy, clock } = setup({
      TM_useCustomModels: [
        {
          id: 'my-claude',
          title: 'Claude via proxy',
          apiType: 'claude',
          endpoint: 'https://proxy.example.com/v1/complete',
        },
      ],
      [LEGACY_KEYS.chats]: [
        oldChat(1, { modelInfo: { id: 'my-claude', endpoint: 'https://proxy.example.com/v1/complete?x=1' } }),
      ],
    });
    await runLegacyMigrations(legacy, store, clock);
    const [model] = await store.settings.get(syncedSetting('customModels'));
    expect(model?.endpoint).toBe('https://proxy.example.com/v1/messages');
    expect((await store.chats.get('ch-old-1'))?.modelInfo?.endpoint).toBe(
      'https://proxy.example.com/v1/messages?x=1',
    );
  });

  it('LM5 the old custom search key and engine id move into the web search plugin settings', async () => {
    const { store, legacy, clock } = setup({
      TM_useCustomSearchAPIKey: 'AIza-key',
      TM_useCustomSearchEngineID: 'cx-1',
    });
    await runLegacyMigrations(legacy, store, clock);
    expect(await store.settings.get(syncedSetting('userPluginSettings'))).toEqual({
      get_web_search_results: { searchEngineAPIKey: 'AIza-key', searchEngineID: 'cx-1' },
    });
    expect(await store.settings.get(syncedSetting('customSearchAPIKey'))).toBe('');
  });

  it('LM6 the dark-theme flag becomes theme mode dark or light', async () => {
    for (const [flag, mode] of [
      ['true', 'dark'],
      ['false', 'light'],
    ] as const) {
      const { store, legacy, clock } = setup({ [LEGACY_KEYS.darkTheme]: flag });
      await runLegacyMigrations(legacy, store, clock);
      expect(await store.settings.get(themeModeSetting)).toBe(mode);
    }
  });

  it('LM7 one current profile is made from the old picture and information', async () => {
    const { store, legacy, clock } = setup({
      [LEGACY_KEYS.userPicture]: 'https://example.com/me.png',
      [LEGACY_KEYS.userInformation]: 'I am a teacher',
    });
    await runLegacyMigrations(legacy, store, clock);
    expect(await store.profiles.list()).toMatchObject([
      {
        id: 'profile-legacy',
        name: 'Unnamed',
        picURL: 'https://example.com/me.png',
        information: 'I am a teacher',
        isCurrent: true,
      },
    ]);
  });

  it('LM8 runs once: the migration version is recorded and a second run does nothing', async () => {
    const { store, legacy, clock } = setup({ [LEGACY_KEYS.chats]: [oldChat(1)] });
    expect((await runLegacyMigrations(legacy, store, clock)).ran).toBe(true);
    expect(await store.settings.get(legacyMigrationVersionSetting)).toBe(LEGACY_MIGRATION_VERSION);
    legacy.setItem(LEGACY_KEYS.chats, JSON.stringify([oldChat(9)]));
    expect((await runLegacyMigrations(legacy, store, clock)).ran).toBe(false);
    expect(await store.chats.get('ch-old-9')).toBeUndefined();
  });

  it('LM8 idempotent: replaying the same data changes nothing and never clobbers newer edits', async () => {
    const seed = { [LEGACY_KEYS.chats]: [oldChat(1)], TM_useFontSize: 'large' };
    const { store, legacy, clock } = setup(seed);
    await runLegacyMigrations(legacy, store, clock);
    await store.chats.update('ch-old-1', (c) => ({ ...c, chatTitle: 'Edited since' }));
    await store.settings.set(syncedSetting('fontSize'), 'medium');
    await store.settings.set(legacyMigrationVersionSetting, 0);
    const again = new FakeLegacyStorage(seed);
    const report = await runLegacyMigrations(again, store, clock);
    expect(report.counts.chats).toBe(0);
    expect((await store.chats.get('ch-old-1'))?.chatTitle).toBe('Edited since');
    expect(await store.settings.get(syncedSetting('fontSize'))).toBe('medium');
  });

  it('LM9 a failure part-way keeps everything not yet moved under the old keys and is retried', async () => {
    const faults = new ScriptedWriteFaults();
    const chats = Array.from({ length: 30 }, (_, i) => oldChat(i));
    const { store, legacy, clock } = setup({ [LEGACY_KEYS.chats]: chats, TM_useFontSize: 'large' }, faults);
    // Each chat is 3 writes (its row of 2 messages, head and summary): fail during the second batch.
    faults.failWrite(3 * 25 + 2, () => quotaExceededError());
    await expect(runLegacyMigrations(legacy, store, clock)).rejects.toMatchObject({ code: 'quota_exceeded' });
    expect(await store.chats.count()).toBe(25);
    expect((JSON.parse(legacy.getItem(LEGACY_KEYS.chats) ?? '[]') as unknown[]).length).toBe(5);
    expect(legacy.getItem('TM_useFontSize')).toBe('large');
    expect(await store.settings.get(legacyMigrationVersionSetting)).toBe(0);
    await runLegacyMigrations(legacy, store, clock);
    expect(await store.chats.count()).toBe(30);
    expect(legacy.items.size).toBe(0);
  });

  it('LM10 the plan is a pure function of the old keys and reports unusable items', () => {
    const legacy = new FakeLegacyStorage({ [LEGACY_KEYS.prompts]: [{ id: 'p1' }, 'junk'], unrelated: 'x' });
    const plan = planLegacyMigration(legacy, '2024-01-01T00:00:00.000Z');
    expect(plan.prompts.map((p) => p.id)).toEqual(['p1']);
    expect(plan.issues.map((i) => i.path)).toEqual(['TM_useUserPrompts.1.']);
    expect(plan.consumedKeys).toEqual([LEGACY_KEYS.prompts]);
    expect(legacy.items.size).toBe(2);
  });
});
