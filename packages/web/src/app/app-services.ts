import type { Clock, IdGenerator } from '@parley/core/platform';
import { randomIdGenerator, systemClock } from '@parley/core/platform';
import type { StoragePort } from '@parley/core/storage';
import type { i18n } from 'i18next';
import {
  clearAllLocalData,
  dumpAllLocalData,
  localApprovalStorage,
  localVaultStorage,
  type ApprovalStorage,
  type VaultStorage,
} from '../adapters/storage';
import { retryingImport } from '../lib/retrying-import';
import type { LicenseClient } from '../state';
import { consoleErrorReporter, type ErrorReporter } from '../features/errors';
import type { RecoveryActions } from '../features/errors';
import { createThemeController, type ThemeController, themeModePref } from '../features/theme';
import { createI18n } from '../i18n';

/**
 * Everything the app needs from the outside world, built once here and handed down. Tests build
 * their own (an in-memory store, a fake fetch, fake recovery actions, a fake reload).
 */
export type AppServices = {
  i18n: i18n;
  theme: ThemeController;
  /** Dump and clear of localStorage and IndexedDB for the fatal-error screen. */
  recovery: RecoveryActions;
  reportError: ErrorReporter;
  reload: () => void;
  /** The local store (IndexedDB, else localStorage, else memory), opened before the first render. */
  store: StoragePort;
  /** Provider calls go straight from the browser with the user's key. */
  fetch: typeof fetch;
  clock: Clock;
  ids: IdGenerator;
  /** Where the key vault is kept (localStorage; it tells when another tab changed it). */
  vault: VaultStorage;
  /** This device's approved agent endpoints (localStorage, never synced). */
  approvals: ApprovalStorage;
  /** The license client; in the browser its code (jose, the license API) is a chunk of its own. */
  licenseClient: () => Promise<LicenseClient>;
};

export function createBrowserServices(
  store: StoragePort,
  win: Window = window,
  i18n: i18n = createI18n(),
): AppServices {
  return {
    i18n,
    theme: createThemeController({
      root: win.document.documentElement,
      matchMedia: (query) => win.matchMedia(query),
      pref: themeModePref(),
      events: win,
    }),
    recovery: { dumpAllLocalData: () => dumpAllLocalData(), clearAllLocalData: () => clearAllLocalData() },
    reportError: consoleErrorReporter,
    reload: () => win.location.reload(),
    store,
    fetch: win.fetch.bind(win),
    clock: systemClock,
    ids: randomIdGenerator,
    vault: localVaultStorage(win),
    approvals: localApprovalStorage(win),
    licenseClient: () =>
      retryingImport(() => import('../features/license/license-browser-client')).then((module) =>
        module.createBrowserLicenseClient(win),
      ),
  };
}
