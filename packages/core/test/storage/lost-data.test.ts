import { describe, expect, it } from 'vitest';
import { newChat, syncedSetting } from '../../src/entities';
import type { Chat } from '../../src/entities';
import { FakeClock, SequentialIdGenerator } from '../../src/platform';
import {
  createMemoryStore,
  findLostData,
  LEGACY_KEYS,
  quotaExceededError,
  restoreLostItems,
  ScriptedWriteFaults,
} from '../../src/storage';
import type { LegacyKeyValueSource, StoragePort } from '../../src/storage';

const DAY = 86_400_000;

function legacySource(seed: Record<string, unknown>): LegacyKeyValueSource & { reads: number } {
  const items = new Map(
    Object.entries(seed).map(([key, value]) => [
      key,
      typeof value === 'string' ? value : JSON.stringify(value),
    ]),
  );
  return {
    reads: 0,
    getItem(key) {
      this.reads += 1;
      return items.get(key) ?? null;
    },
  };
}

const oldChat = (id: string, updatedAt: string, title = `Chat ${id}`) => ({
  chatID: id,
  chatTitle: title,
  model: 'gpt-4-0613',
  createdAt: '2024-01-01T00:00:00.000Z',
  updatedAt,
  messages: [
    { role: 'user', content: 'Question' },
    { role: 'assistant', content: 'Answer' },
  ],
});

function setup(faults?: ScriptedWriteFaults) {
  const clock = new FakeClock('2024-06-01T00:00:00.000Z');
  const ids = new SequentialIdGenerator('r');
  const store = createMemoryStore({ clock, ids, faults });
  const fallback = createMemoryStore({ clock, ids });
  const chat = (fields: Partial<Chat>) => newChat(fields, { clock, ids });
  return { clock, store, fallback, chat };
}

async function snapshot(store: StoragePort) {
  return {
    chats: await store.chats.list({ includeDeleted: true }),
    settings: await store.settings.entries(),
    profiles: await store.profiles.list({ includeDeleted: true }),
  };
}

describe('recover lost data: finding', () => {
  it('RC1 RC2 old-format chats the app lacks or holds older are found; the same or newer in the app hides them', async () => {
    const { store, clock, chat } = setup();
    await store.chats.putMany([
      chat({ id: 'ch-older', chatTitle: 'Stale', updatedAt: '2024-02-01T00:00:00.000Z' }),
      chat({ id: 'ch-same', updatedAt: '2024-03-01T00:00:00.000Z' }),
      chat({ id: 'ch-newer', updatedAt: '2024-05-01T00:00:00.000Z' }),
    ]);
    const legacy = legacySource({
      [LEGACY_KEYS.chats]: [
        oldChat('ch-absent', '2024-04-01T00:00:00.000Z', 'Written by an old tab'),
        oldChat('ch-older', '2024-03-15T00:00:00.000Z', 'Fresher title'),
        oldChat('ch-same', '2024-03-01T00:00:00.000Z'),
        oldChat('ch-newer', '2024-04-01T00:00:00.000Z'),
      ],
    });
    const scan = await findLostData(store, { legacy }, clock);
    expect(scan.items.map((item) => [item.key, item.inApp, item.title, item.messageCount])).toEqual([
      ['legacy/chats/ch-absent', 'absent', 'Written by an old tab', 2],
      ['legacy/chats/ch-older', 'older', 'Fresher title', 2],
    ]);
    // RC2: the same parse as the migration (retired model ids renamed).
    const found = scan.items[0]?.payload;
    expect(found?.type === 'record' && (found.record as Chat).model).toBe('gpt-4');
  });

  it('RC2 old folders, prompts, characters and plugins are found too, with their titles', async () => {
    const { store, clock } = setup();
    const legacy = legacySource({
      [LEGACY_KEYS.folders]: [{ id: 'f1', name: 'Work' }],
      [LEGACY_KEYS.prompts]: [{ id: 'p1', title: 'Translate', content: 'Translate {{text}}' }],
      [LEGACY_KEYS.characters]: [{ id: 'character-1', title: 'Chef' }],
      [LEGACY_KEYS.plugins]: [{ id: 'plug-1', title: 'Weather' }],
    });
    const scan = await findLostData(store, { legacy }, clock);
    expect(scan.items.map((item) => `${item.kind}:${item.title}`)).toEqual([
      'folders:Work',
      'prompts:Translate',
      'characters:Chef',
      'plugins:Weather',
    ]);
  });

  it('RC3 live records left in the localStorage fallback are found; its tombstones are not', async () => {
    const { store, fallback, clock, chat } = setup();
    await fallback.chats.put(chat({ id: 'ch-fb', chatTitle: 'Kept in the fallback' }));
    await fallback.chats.put(chat({ id: 'ch-fb-deleted' }));
    await fallback.chats.delete('ch-fb-deleted');
    await fallback.prompts.put({ ...(await promptFixture(fallback)) });
    await fallback.settings.set(syncedSetting('fontSize'), 'large');
    const scan = await findLostData(store, { fallback }, clock);
    expect(scan.items.map((item) => item.key)).toEqual([
      'fallback/chats/ch-fb',
      'fallback/prompts/p-fb',
      'fallback/settings/fontSize',
    ]);
  });

  it('RC4 an old profile or setting counts only when the app has none', async () => {
    const { store, clock } = setup();
    const legacy = legacySource({ [LEGACY_KEYS.userName]: 'Ada', TM_useFontSize: 'large' });
    expect((await findLostData(store, { legacy }, clock)).items.map((item) => item.key)).toEqual([
      'legacy/profiles/profile-legacy',
      'legacy/settings/fontSize',
    ]);
    // The old keys carry no time of their own (the scan stamps them now), so any copy in the app wins.
    await store.settings.set(syncedSetting('fontSize'), 'small');
    await store.profiles.put({
      ...(await store.profiles.get('none')),
      id: 'profile-legacy',
      name: 'Ada L.',
    } as never);
    clock.advance(DAY);
    expect((await findLostData(store, { legacy }, clock)).items).toEqual([]);
  });

  it('RC5 chats deleted in the last 30 days are listed, older deletions are not', async () => {
    const { store, clock, chat } = setup();
    await store.chats.putMany([
      chat({ id: 'ch-old-delete', chatTitle: 'Gone long ago' }),
      chat({ id: 'ch-recent' }),
    ]);
    await store.chats.delete('ch-old-delete');
    clock.advance(25 * DAY);
    await store.chats.put(chat({ id: 'ch-recent', chatTitle: 'Deleted last week' }));
    await store.chats.delete('ch-recent');
    clock.advance(6 * DAY);
    const scan = await findLostData(store, {}, clock);
    expect(scan.items.map((item) => [item.key, item.title, item.inApp])).toEqual([
      ['deleted/chats/ch-recent', 'Deleted last week', 'deleted'],
    ]);
  });

  it('RC6 a record found in several places is listed once, its newest copy', async () => {
    const { store, fallback, clock, chat } = setup();
    await fallback.chats.putMany([
      chat({ id: 'ch-twice', chatTitle: 'Fallback copy', updatedAt: '2024-05-02T00:00:00.000Z' }),
    ]);
    const legacy = legacySource({
      [LEGACY_KEYS.chats]: [oldChat('ch-twice', '2024-05-01T00:00:00.000Z', 'Old copy')],
    });
    const scan = await findLostData(store, { legacy, fallback }, clock);
    expect(scan.items.map((item) => [item.key, item.title])).toEqual([
      ['fallback/chats/ch-twice', 'Fallback copy'],
    ]);
  });

  it('RC6 a deleted chat with a newer copy elsewhere is listed once, as that copy', async () => {
    const { store, clock, chat } = setup();
    await store.chats.put(chat({ id: 'ch-x' }));
    await store.chats.delete('ch-x');
    const legacy = legacySource({
      [LEGACY_KEYS.chats]: [oldChat('ch-x', '2024-07-01T00:00:00.000Z', 'Edited later')],
    });
    const scan = await findLostData(store, { legacy }, clock);
    expect(scan.items.map((item) => [item.key, item.inApp])).toEqual([['legacy/chats/ch-x', 'deleted']]);
  });

  it('RC10 scanning writes nothing; an unreadable source is named and the others are still scanned', async () => {
    const { store, fallback, clock, chat } = setup();
    await fallback.chats.put(chat({ id: 'ch-fb' }));
    const before = await snapshot(store);
    const broken: LegacyKeyValueSource = {
      getItem() {
        throw new Error('SecurityError: access denied');
      },
    };
    const scan = await findLostData(store, { legacy: broken, fallback }, clock);
    expect(scan.unreadable).toEqual([{ origin: 'legacy', message: 'SecurityError: access denied' }]);
    expect(scan.items.map((item) => item.key)).toEqual(['fallback/chats/ch-fb']);
    expect(await snapshot(store)).toEqual(before);
  });
});

async function promptFixture(store: StoragePort) {
  return store.prompts.put({
    id: 'p-fb',
    title: 'Fallback prompt',
    content: 'Hi',
    createdAt: '2024-05-01T00:00:00.000Z',
    updatedAt: '2024-05-01T00:00:00.000Z',
    deletedAt: null,
  } as never);
}

describe('recover lost data: restoring', () => {
  it('RC8 restored records keep their own timestamps and show up in the app', async () => {
    const { store, clock } = setup();
    const legacy = legacySource({
      [LEGACY_KEYS.chats]: [oldChat('ch-a', '2024-04-01T00:00:00.000Z', 'A')],
      [LEGACY_KEYS.folders]: [{ id: 'f1', name: 'Work', updatedAt: '2024-03-01T00:00:00.000Z' }],
    });
    const scan = await findLostData(store, { legacy }, clock);
    const outcome = await restoreLostItems(store, scan.items);
    expect(outcome).toEqual({
      restored: ['legacy/chats/ch-a', 'legacy/folders/f1'],
      skipped: [],
      failed: [],
    });
    expect((await store.chats.listSummaries()).map((summary) => [summary.id, summary.updatedAt])).toEqual([
      ['ch-a', '2024-04-01T00:00:00.000Z'],
    ]);
    expect((await store.folders.get('f1'))?.title).toBe('Work');
    expect((await findLostData(store, { legacy }, clock)).items).toEqual([]);
  });

  it('RC7 restoring never overwrites a copy that became newer after the scan', async () => {
    const { store, clock, chat } = setup();
    await store.chats.putMany([
      chat({ id: 'ch-a', chatTitle: 'Stale', updatedAt: '2024-02-01T00:00:00.000Z' }),
    ]);
    const legacy = legacySource({
      [LEGACY_KEYS.chats]: [oldChat('ch-a', '2024-04-01T00:00:00.000Z', 'Found')],
    });
    const scan = await findLostData(store, { legacy }, clock);
    expect(scan.items).toHaveLength(1);
    await store.chats.update('ch-a', (current) => ({ ...current, chatTitle: 'Edited in another tab' }));
    const outcome = await restoreLostItems(store, scan.items);
    expect(outcome).toEqual({ restored: [], skipped: ['legacy/chats/ch-a'], failed: [] });
    expect((await store.chats.get('ch-a'))?.chatTitle).toBe('Edited in another tab');
  });

  it('RC7 an old setting is not restored over one the app now holds', async () => {
    const { store, clock } = setup();
    const legacy = legacySource({ TM_useFontSize: 'large' });
    const scan = await findLostData(store, { legacy }, clock);
    await store.settings.set(syncedSetting('fontSize'), 'small');
    expect((await restoreLostItems(store, scan.items)).skipped).toEqual(['legacy/settings/fontSize']);
    expect(await store.settings.get(syncedSetting('fontSize'))).toBe('small');
  });

  it('RC9 a restored deleted chat has deletedAt cleared and updatedAt now', async () => {
    const { store, clock, chat } = setup();
    await store.chats.put(chat({ id: 'ch-d', chatTitle: 'Oops' }));
    await store.chats.delete('ch-d');
    clock.advance(DAY);
    const scan = await findLostData(store, {}, clock);
    const outcome = await restoreLostItems(store, scan.items);
    expect(outcome.restored).toEqual(['deleted/chats/ch-d']);
    const restored = await store.chats.get('ch-d');
    expect(restored).toMatchObject({
      deletedAt: null,
      updatedAt: '2024-06-02T00:00:00.000Z',
      chatTitle: 'Oops',
    });
    expect((await store.chats.listSummaries()).map((summary) => summary.id)).toEqual(['ch-d']);
    // Restoring the same scan again finds nothing left to do.
    expect(await restoreLostItems(store, scan.items)).toEqual({
      restored: [],
      skipped: ['deleted/chats/ch-d'],
      failed: [],
    });
  });

  it('RC8 a write that hits the quota is reported per item and leaves the store as it was', async () => {
    const faults = new ScriptedWriteFaults();
    const { store, clock } = setup(faults);
    const legacy = legacySource({
      [LEGACY_KEYS.chats]: [
        oldChat('ch-a', '2024-04-01T00:00:00.000Z'),
        oldChat('ch-b', '2024-04-02T00:00:00.000Z'),
      ],
      [LEGACY_KEYS.prompts]: [{ id: 'p1', title: 'Kept' }],
    });
    const scan = await findLostData(store, { legacy }, clock);
    faults.failWrite(2, quotaExceededError);
    const outcome = await restoreLostItems(store, scan.items);
    expect(outcome.failed).toEqual([
      { key: 'legacy/chats/ch-b', code: 'quota_exceeded' },
      { key: 'legacy/chats/ch-a', code: 'quota_exceeded' },
    ]);
    expect(outcome.restored).toEqual(['legacy/prompts/p1']);
    expect(await store.chats.count({ includeDeleted: true })).toBe(0);
  });
});
