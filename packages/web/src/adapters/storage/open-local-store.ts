import {
  createMemoryStore,
  runLegacyMigrations,
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
  if (environment.localStorage) {
    try {
      // (Not `onLegacyMigration?.(await …)`: an optional call skips its argument, and the migration.)
      const report = await runLegacyMigrations(environment.localStorage, store, clock);
      options.onLegacyMigration?.(report);
    } catch (error) {
      options.onStartupProblem?.({
        step: 'legacy-migration',
        error: toStorageError(error, 'legacy migration'),
      });
    }
  }
  try {
    await seedExampleChats(store, clock, (await options.addExampleChats) ?? true);
  } catch (error) {
    options.onStartupProblem?.({ step: 'example-chats', error: toStorageError(error, 'example chats') });
  }
  return store;
}
