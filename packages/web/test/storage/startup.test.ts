import { IDBFactory, IDBKeyRange, IDBObjectStore } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { syncedSetting } from '@parley/core/entities';
import { FakeClock, SequentialIdGenerator } from '@parley/core/platform';
import { LEGACY_KEYS, legacyMigrationVersionSetting, themeModeSetting } from '@parley/core/storage';
import type { LegacyMigrationReport } from '@parley/core/storage';
import { openLocalStore, selectStorageBackend } from '../../src/adapters/storage';
import type { StartupProblem } from '../../src/adapters/storage';

afterEach(() => localStorage.clear());

/** An IndexedDB whose open is refused, as in some private browsing modes. */
const brokenFactory = (() => {
  const real = new IDBFactory();
  return {
    open() {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    },
    cmp: real.cmp.bind(real),
    deleteDatabase: real.deleteDatabase.bind(real),
    databases: real.databases.bind(real),
  } as unknown as IDBFactory;
})();

/** An IndexedDB that opens but refuses writes. */
function readOnlyFactory(): IDBFactory {
  const real = new IDBFactory();
  return {
    open: (name: string, version?: number) => {
      const request = real.open(name, version);
      request.addEventListener('success', () => {
        const db = request.result;
        db.transaction = () => {
          throw new Error('writes are disabled');
        };
      });
      return request;
    },
  } as unknown as IDBFactory;
}

const throwingStorage = {
  setItem() {
    throw new Error('SecurityError');
  },
  getItem: () => null,
  removeItem() {},
} as unknown as Storage;

describe('selectStorageBackend (spec section 4)', () => {
  it('WB1 IndexedDB when its test write and delete succeed', async () => {
    expect(await selectStorageBackend({ indexedDB: new IDBFactory(), localStorage })).toBe('indexeddb');
  });

  it('WB2 localStorage when IndexedDB is missing, fails to open, or fails the test write', async () => {
    expect(await selectStorageBackend({ localStorage })).toBe('localstorage');
    expect(await selectStorageBackend({ indexedDB: brokenFactory, localStorage })).toBe('localstorage');
    expect(await selectStorageBackend({ indexedDB: readOnlyFactory(), localStorage })).toBe('localstorage');
    expect(localStorage.length).toBe(0);
  });

  it('WB3 memory when neither works', async () => {
    expect(await selectStorageBackend({ indexedDB: brokenFactory, localStorage: throwingStorage })).toBe(
      'memory',
    );
  });
});

describe('openLocalStore', () => {
  const clock = new FakeClock('2024-04-01T00:00:00.000Z');
  const ids = new SequentialIdGenerator('o');

  it('WB4 opens IndexedDB, migrates the old localStorage data into it, and adds the example chats only for new users', async () => {
    localStorage.setItem(
      LEGACY_KEYS.chats,
      JSON.stringify([
        {
          chatID: 'ch-legacy',
          chatTitle: 'From before',
          model: 'gpt-4-0613',
          messages: [{ role: 'user', content: 'Hi' }],
        },
      ]),
    );
    localStorage.setItem(LEGACY_KEYS.darkTheme, 'true');
    localStorage.setItem('TM_useFontSize', '"large"');
    const reports: LegacyMigrationReport[] = [];
    const store = await openLocalStore({
      clock,
      ids,
      environment: { indexedDB: new IDBFactory(), IDBKeyRange, localStorage },
      onLegacyMigration: (report) => reports.push(report),
    });
    expect(store.backend).toBe('indexeddb');
    expect((await store.chats.get('ch-legacy'))?.model).toBe('gpt-4');
    expect(await store.settings.get(themeModeSetting)).toBe('dark');
    expect(await store.settings.get(syncedSetting('fontSize'))).toBe('large');
    expect(reports[0]?.counts.chats).toBe(1);
    expect(await store.chats.count()).toBe(1);
    expect(localStorage.getItem(LEGACY_KEYS.chats)).toBeNull();
    await store.close();
  });

  it("WB4 LM8 without the old app's data the migration is recorded as done, with nothing moved", async () => {
    localStorage.setItem('TM_activeChatID', '"not-a-legacy-key"');
    const reports: LegacyMigrationReport[] = [];
    const store = await openLocalStore({
      clock,
      ids,
      addExampleChats: false,
      environment: { indexedDB: new IDBFactory(), IDBKeyRange, localStorage },
      onLegacyMigration: (report) => reports.push(report),
    });
    expect(reports).toEqual([]);
    expect(await store.settings.get(legacyMigrationVersionSetting)).toBe(1);
    expect(localStorage.getItem('TM_activeChatID')).toBe('"not-a-legacy-key"');
    await store.close();
  });

  it('WB4 migrates the old data even when nobody listens for the report', async () => {
    localStorage.setItem(LEGACY_KEYS.chats, JSON.stringify([{ chatID: 'ch-quiet', chatTitle: 'Quiet' }]));
    const store = await openLocalStore({
      clock,
      ids,
      addExampleChats: false,
      environment: { indexedDB: new IDBFactory(), IDBKeyRange, localStorage },
    });
    expect((await store.chats.get('ch-quiet'))?.chatTitle).toBe('Quiet');
    expect(localStorage.getItem(LEGACY_KEYS.chats)).toBeNull();
    await store.close();
  });

  it('WB5 a new user gets the three example chats', async () => {
    const store = await openLocalStore({
      clock,
      ids,
      environment: { indexedDB: new IDBFactory(), IDBKeyRange, localStorage },
    });
    const titles = (await store.chats.listSummaries()).map((s) => s.title);
    expect(titles).toHaveLength(3);
    expect(titles.every((title) => title.startsWith('(Example)'))).toBe(true);
    await store.close();
  });

  it('WB6 falls back to localStorage when IndexedDB cannot be opened, and says so', async () => {
    const problems: StartupProblem[] = [];
    const store = await openLocalStore({
      clock,
      ids,
      backend: 'indexeddb',
      addExampleChats: false,
      environment: { indexedDB: brokenFactory, IDBKeyRange, localStorage },
      onStartupProblem: (problem) => problems.push(problem),
    });
    expect(store.backend).toBe('localstorage');
    expect(problems.map((p) => [p.step, p.error.code])).toEqual([['open-indexeddb', 'unavailable']]);
    await store.settings.set(syncedSetting('fontSize'), 'medium');
    expect(localStorage.getItem('TM_settings_fontSize')).toContain('medium');
  });

  it('WB1 the test write runs inside the app database and leaves nothing behind', async () => {
    const indexedDB = new IDBFactory();
    const problems: StartupProblem[] = [];
    const store = await openLocalStore({
      clock,
      ids,
      addExampleChats: false,
      environment: { indexedDB, IDBKeyRange, localStorage },
      onStartupProblem: (problem) => problems.push(problem),
    });
    expect(store.backend).toBe('indexeddb');
    expect(problems).toEqual([]);
    expect((await store.settings.entries()).map((entry) => entry.key)).toEqual(['legacyMigrationVersion']);
    // One database: the app's own (no separate probe database to open at every start).
    expect((await indexedDB.databases()).map((info) => info.name)).toEqual(['parley']);
    await store.close();
  });

  it('WB2 IndexedDB that opens but refuses the test write, or is missing, means localStorage, and says so', async () => {
    const realPut = IDBObjectStore.prototype.put;
    IDBObjectStore.prototype.put = () => {
      throw new DOMException('The operation failed for reasons unrelated to the database.', 'UnknownError');
    };
    try {
      for (const indexedDB of [new IDBFactory(), undefined]) {
        const problems: StartupProblem[] = [];
        const store = await openLocalStore({
          clock,
          ids,
          addExampleChats: false,
          environment: { indexedDB, IDBKeyRange, localStorage },
          onStartupProblem: (problem) => problems.push(problem),
        });
        expect(store.backend).toBe('localstorage');
        expect(problems.map((p) => [p.step, p.error.code])).toEqual([['open-indexeddb', 'unavailable']]);
      }
    } finally {
      IDBObjectStore.prototype.put = realPut;
    }
  });

  it('WB2 an IndexedDB open that never answers gives up after the time-out', async () => {
    const silent = { open: () => ({}) as IDBOpenDBRequest } as unknown as IDBFactory;
    const problems: StartupProblem[] = [];
    const store = await openLocalStore({
      clock,
      ids,
      addExampleChats: false,
      openTimeoutMs: 20,
      environment: { indexedDB: silent, IDBKeyRange, localStorage },
      onStartupProblem: (problem) => problems.push(problem),
    });
    expect(store.backend).toBe('localstorage');
    expect(problems[0]?.error.message).toMatch(/did not answer/);
  });

  it('WB3 memory when neither works, with both problems reported', async () => {
    const problems: StartupProblem[] = [];
    const store = await openLocalStore({
      clock,
      ids,
      addExampleChats: false,
      environment: { indexedDB: brokenFactory, IDBKeyRange, localStorage: throwingStorage },
      onStartupProblem: (problem) => problems.push(problem),
    });
    expect(store.backend).toBe('memory');
    expect(problems.map((p) => p.step)).toEqual(['open-indexeddb', 'open-localstorage']);
  });
});
