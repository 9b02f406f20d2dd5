import {
  createMemoryStore,
  exampleChatsSeededSetting,
  LEGACY_KEY_PREFIX,
  LEGACY_MIGRATION_VERSION,
  legacyMigrationVersionSetting,
  seedExampleChats,
  StorageError,
  toStorageError,
} from '@parley/core/storage';
import type {
  LegacyMigrationReport,
  StorageBackendKind,
  StorageIssueListener,
  StoragePort,
} from '@parley/core/storage';
import type { Clock, IdGenerator } from '@parley/core/platform';
import { systemClock } from '@parley/core/platform';
import { browserStorageEnvironment } from './browser-environment';
import type { BrowserStorageEnvironment } from './browser-environment';
import { createIndexedDbStore } from './local-stores';
import { probeLocalStorage } from './select-storage-backend';

export interface StartupProblem {
  /** open-indexeddb: the app runs on the localStorage fallback (or memory); open-localstorage: on memory. */
  readonly step: 'open-indexeddb' | 'open-localstorage' | 'legacy-migration' | 'example-chats';
  readonly error: StorageError;
}

export interface OpenLocalStoreOptions {
  /** Damaged stored values (the app shows a toast). */
  readonly onIssue?: StorageIssueListener;
  /** Something at startup failed but the app can go on (the app may show a toast). */
  readonly onStartupProblem?: (problem: StartupProblem) => void;
  /** Told what the one-time move of the old app's data did, on the start that moves some. */
  readonly onLegacyMigration?: (report: LegacyMigrationReport) => void;
  /**
   * The addExampleChats feature flag (on unless turned off, spec section 6); a promise when it comes
   * from the host's parley.config.json, fetched while the store opens.
   */
  readonly addExampleChats?: boolean | Promise<boolean>;
  readonly clock?: Clock;
  readonly ids?: IdGenerator;
  /** The backend to try first (default IndexedDB); it still falls back when it does not work. */
  readonly backend?: StorageBackendKind;
  readonly environment?: BrowserStorageEnvironment;
  readonly databaseName?: string;
  /** How long to wait for IndexedDB to open (default 5 s). */
  readonly openTimeoutMs?: number;
  /**
   * Settings the app reads first (the synced ones), read together with the two this start checks
   * (legacy migration, example chats) in one read as soon as the store is open.
   */
  readonly readAhead?: readonly string[];
}

/** Whether the old app left anything in localStorage (all its keys share one prefix). */
function hasLegacyData(storage: Storage): boolean {
  try {
    for (let index = 0; index < storage.length; index++)
      if (storage.key(index)?.startsWith(LEGACY_KEY_PREFIX)) return true;
    return false;
  } catch {
    // Unreadable: let the migration itself look (and report what fails).
    return true;
  }
}

/**
 * Spec section 4 (WB1–WB3): IndexedDB if it opens and a test write and delete succeed, else
 * localStorage, else memory. Landing anywhere but the backend asked for is a startup problem, so the
 * app can tell the user (localStorage holds about 5 MB; memory keeps nothing after a reload).
 */
async function openBackend(environment: BrowserStorageEnvironment, options: OpenLocalStoreOptions) {
  const storeOptions = { clock: options.clock, ids: options.ids, onIssue: options.onIssue };
  const wanted = options.backend ?? 'indexeddb';
  if (wanted === 'indexeddb') {
    try {
      if (!environment.indexedDB) throw new StorageError('unavailable', 'this browser offers no IndexedDB');
      return await createIndexedDbStore(environment, {
        ...storeOptions,
        databaseName: options.databaseName,
        openTimeoutMs: options.openTimeoutMs,
      });
    } catch (error) {
      options.onStartupProblem?.({ step: 'open-indexeddb', error: toStorageError(error, 'open IndexedDB') });
    }
  }
  if (wanted !== 'memory') {
    if (environment.localStorage && probeLocalStorage(environment.localStorage)) {
      // The fallback's engine is fetched only when it is needed (decision 0141).
      const { createLocalStorageStore } = await import('./local-storage-store');
      return createLocalStorageStore(environment.localStorage, environment, storeOptions);
    }
    options.onStartupProblem?.({
      step: 'open-localstorage',
      error: new StorageError(
        'unavailable',
        'localStorage cannot be written; nothing will be kept after a reload',
      ),
    });
  }
  return createMemoryStore(storeOptions);
}

/**
 * The app's composition root calls this once at startup:
 *   const store = await openLocalStore({ onIssue, addExampleChats: flags.addExampleChats });
 * It picks the backend (IndexedDB, else localStorage, else memory), moves the old app's
 * localStorage data in (once), and seeds the example chats on first run. Never rejects: a failing
 * step is reported through onStartupProblem and startup continues.
 */
export async function openLocalStore(options: OpenLocalStoreOptions = {}): Promise<StoragePort> {
  const environment = options.environment ?? browserStorageEnvironment();
  const clock = options.clock ?? systemClock;
  const store = await openBackend(environment, options);
  // The settings of the steps below in one read, and the ones the app reads next beside it, instead
  // of a round trip each in turn (a start waits for these before its other reads, decision 0156).
  store.settings.readAhead([legacyMigrationVersionSetting.key, exampleChatsSeededSetting.key]);
  store.settings.readAhead(options.readAhead ?? []);
  if (environment.localStorage) {
    try {
      // Run once (LM8); its code is fetched only when the old app left data to move. Without any
      // of its keys the plan is empty (LM10): only the version is recorded, as the migration would.
      if ((await store.settings.get(legacyMigrationVersionSetting)) < LEGACY_MIGRATION_VERSION) {
        if (hasLegacyData(environment.localStorage)) {
          const { runLegacyMigrations } = await import('./legacy-migration');
          // (Not `onLegacyMigration?.(await …)`: an optional call skips its argument, and the migration.)
          const report = await runLegacyMigrations(environment.localStorage, store, clock);
          options.onLegacyMigration?.(report);
        } else await store.settings.set(legacyMigrationVersionSetting, LEGACY_MIGRATION_VERSION);
      }
    } catch (error) {
      options.onStartupProblem?.({
        step: 'legacy-migration',
        error: toStorageError(error, 'legacy migration'),
      });
    }
  }
  try {
    // The host's flag may still be on its way: it is waited for only on a start that may seed.
    await seedExampleChats(
      store,
      clock,
      Promise.resolve(options.addExampleChats).then((flag) => flag ?? true),
    );
  } catch (error) {
    options.onStartupProblem?.({ step: 'example-chats', error: toStorageError(error, 'example chats') });
  }
  return store;
}
