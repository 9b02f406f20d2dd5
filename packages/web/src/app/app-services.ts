import type { i18n } from 'i18next';
import { consoleErrorReporter, type ErrorReporter } from '../features/errors/error-reporter';
import { localStorageRecoveryActions, type RecoveryActions } from '../features/errors/recovery-actions';
import { createThemeController, type ThemeController } from '../features/theme/theme-controller';
import { themeModePref } from '../features/theme/theme-mode';
import { createI18n } from '../i18n';

/**
 * Everything the app needs from the outside world, built once here and handed down. Tests build
 * their own (fake recovery actions, a fake reload); later features add their adapters and services
 * (storage, provider clients, sync) as fields.
 */
export type AppServices = {
  i18n: i18n;
  theme: ThemeController;
  /** SEAM (storage): replace with the storage layer's dump/clear of localStorage and IndexedDB. */
  recovery: RecoveryActions;
  reportError: ErrorReporter;
  reload: () => void;
};

export function createBrowserServices(win: Window = window): AppServices {
  return {
    i18n: createI18n(),
    theme: createThemeController({
      root: win.document.documentElement,
      matchMedia: (query) => win.matchMedia(query),
      pref: themeModePref(),
      events: win,
    }),
    recovery: localStorageRecoveryActions(),
    reportError: consoleErrorReporter,
    reload: () => win.location.reload(),
  };
}
