import {
  createMemoryStore,
  runLegacyMigrations,
  seedExampleChats,
  toStorageError,
} from '@parley/core/storage';
import type {
  LegacyMigrationReport,
  StorageBackendKind,
  StorageError,
  StorageIssueListener,
  StoragePort,
} from '@parley/core/storage';
import type { Clock, IdGenerator } from '@parley/core/platform';
import { systemClock } from '@parley/core/platform';
import { browserStorageEnvironment } from './browser-environment';
import type { BrowserStorageEnvironment } from './browser-environment';
import { createIndexedDbStore, createLocalStorageStore } from './local-stores';
import { selectStorageBackend } from './select-storage-backend';

export interface StartupProblem {
  readonly step: 'open-indexeddb' | 'legacy-migration' | 'example-chats';
  readonly error: StorageError;
}

export interface OpenLocalStoreOptions {
  /** Damaged stored values (the app shows a toast). */
  readonly onIssue?: StorageIssueListener;
  /** Something at startup failed but the app can go on (the app may show a toast). */
  readonly onStartupProblem?: (problem: StartupProblem) => void;
  readonly onLegacyMigration?: (report: LegacyMigrationReport) => void;
  /** The addExampleChats feature flag (on unless turned off, spec section 6). */
  readonly addExampleChats?: boolean;
  readonly clock?: Clock;
  readonly ids?: IdGenerator;
  /** Skip the probe (tests, or a user override). */
  readonly backend?: StorageBackendKind;
  readonly environment?: BrowserStorageEnvironment;
  readonly databaseName?: string;
}

async function openBackend(
  backend: StorageBackendKind,
  environment: BrowserStorageEnvironment,
  options: OpenLocalStoreOptions,
): Promise<StoragePort> {
  const storeOptions = { clock: options.clock, ids: options.ids, onIssue: options.onIssue };
  if (backend === 'indexeddb') {
    try {
      return await createIndexedDbStore(environment, { ...storeOptions, databaseName: options.databaseName });
    } catch (error) {
      options.onStartupProblem?.({ step: 'open-indexeddb', error: toStorageError(error, 'open IndexedDB') });
      return openBackend(environment.localStorage ? 'localstorage' : 'memory', environment, options);
    }
  }
  if (backend === 'localstorage' && environment.localStorage) {
    return createLocalStorageStore(environment.localStorage, environment, storeOptions);
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
  const backend = options.backend ?? (await selectStorageBackend(environment));
  const store = await openBackend(backend, environment, options);
  if (environment.localStorage) {
    try {
      options.onLegacyMigration?.(await runLegacyMigrations(environment.localStorage, store, clock));
    } catch (error) {
      options.onStartupProblem?.({
        step: 'legacy-migration',
        error: toStorageError(error, 'legacy migration'),
      });
    }
  }
  try {
    await seedExampleChats(store, clock, options.addExampleChats ?? true);
  } catch (error) {
    options.onStartupProblem?.({ step: 'example-chats', error: toStorageError(error, 'example chats') });
  }
  return store;
}
