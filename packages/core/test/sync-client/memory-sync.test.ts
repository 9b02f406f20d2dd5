import { describe, expect, it } from 'vitest';
import { parseMemoryEntry, syncedSetting } from '../../src/entities';
import { engineHarness } from '../../src/sync-client/test-support/engine-harness';

const at = (seconds: number) =>
  new Date(Date.parse('2026-01-01T00:00:00.000Z') + seconds * 1000).toISOString();

type Sections = Record<string, { updatedAt: string; data: Record<string, unknown> }>;

describe('memory entries through sync', () => {
  it('SC29 entries and their tombstones travel in memorySettings beside the switch', async () => {
    const h = engineHarness();
    h.clock.set(at(1));
    await h.store.settings.set(syncedSetting('enableGlobalMemory'), true);
    await h.store.memory.put(parseMemoryEntry({ id: 'mem-1', content: 'I live in Lisbon' }));
    await h.store.memory.put(parseMemoryEntry({ id: 'mem-2', content: 'I prefer tea' }));
    h.tick();
    await h.store.memory.delete('mem-2');
    await h.engine.syncNow();
    const sent = h.transport.lastSyncBody().allData.userSettings as Sections;
    const section = sent.memorySettings;
    expect(section?.data.enableGlobalMemory).toBe(true);
    const entries = section?.data.memoryEntries as { id: string; deletedAt: string | null }[];
    expect(entries.map((entry) => [entry.id, entry.deletedAt !== null])).toEqual([
      ['mem-1', false],
      ['mem-2', true],
    ]);
    // Nothing changed since: the section does not travel again (SC10).
    await h.engine.syncNow();
    expect(h.transport.lastSyncBody().allData.userSettings).toEqual({});
  });

  it('SC29 received entries are merged one by one: none dropped, a tombstone wins', async () => {
    const h = engineHarness();
    h.clock.set(at(50));
    await h.store.memory.put(parseMemoryEntry({ id: 'mem-local', content: 'I work as a nurse' }));
    await h.store.memory.put(parseMemoryEntry({ id: 'mem-shared', content: 'I like jazz' }));
    h.transport.on('/api/sync', () => ({
      status: 200,
      body: h.transport.syncAnswer({
        // An older section: its switch loses, its entries still merge in.
        updatedUserSettings: {
          memorySettings: {
            updatedAt: at(10),
            data: {
              enableGlobalMemory: true,
              memoryEntries: [
                { id: 'mem-remote', content: 'Call me Sam', createdAt: at(5), updatedAt: at(5) },
                {
                  id: 'mem-shared',
                  content: 'I like jazz',
                  createdAt: at(1),
                  updatedAt: at(2),
                  deletedAt: at(2),
                },
              ],
            },
          },
        },
      }),
    }));
    await h.engine.syncNow();
    const live = await h.store.memory.list();
    expect(live.map((entry) => entry.id).sort()).toEqual(['mem-local', 'mem-remote']);
    expect((await h.store.memory.get('mem-shared'))?.deletedAt).toBe(at(2));
    expect(await h.store.settings.get(syncedSetting('enableGlobalMemory'))).toBe(false);
  });

  it('SC29 a newer section turns the switch on here', async () => {
    const h = engineHarness();
    h.clock.set(at(1));
    h.transport.on('/api/sync', () => ({
      status: 200,
      body: h.transport.syncAnswer({
        updatedUserSettings: {
          memorySettings: { updatedAt: at(9), data: { enableGlobalMemory: true, memoryEntries: [] } },
        },
      }),
    }));
    await h.engine.syncNow();
    expect(await h.store.settings.get(syncedSetting('enableGlobalMemory'))).toBe(true);
  });
});
