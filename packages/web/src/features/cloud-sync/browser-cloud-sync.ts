import type { StoragePort } from '@parley/core/storage';
import type { RemoteChanges } from '@parley/core/sync-client';
import type { i18n } from 'i18next';
import { browserSyncScheduler, cloudSyncLocalData } from '../../adapters/sync';
import { resolveLicenseServerUrl } from '../license/license-server-url';
import { notify } from '../toasts/notify';
import { createCloudSync, type CloudSync } from './cloud-sync-controller';
import { syncFailureText } from './sync-failure-text';

const SYNC_FAILURE_TOAST_ID = 'cloud-sync-failure';

export type BrowserCloudSyncServices = {
  store: StoragePort;
  fetch: typeof fetch;
  i18n: i18n;
  recovery: { clearAllLocalData(): Promise<void> };
  reload: () => void;
};

/**
 * Cloud sync as the app runs it: this origin's server (or the license server's override, or the
 * local TM_cloudSyncServerURL), localStorage for the token, browser timers, failures as toasts.
 */
export function createBrowserCloudSync(
  services: BrowserCloudSyncServices,
  options: { onRemoteChanges?: (changes: RemoteChanges) => void; win?: Window } = {},
): CloudSync {
  const win = options.win ?? window;
  return createCloudSync({
    store: services.store,
    fetch: services.fetch,
    local: cloudSyncLocalData(),
    scheduler: browserSyncScheduler,
    defaultServerUrl: () => resolveLicenseServerUrl(win.location.origin),
    clearAllLocalData: () => services.recovery.clearAllLocalData(),
    reload: services.reload,
    // Spec section 8: the error is reported, and the message points the user at the console.
    reportError: (error) => console.error('Parley cloud sync failed:', error),
    onRemoteChanges: options.onRemoteChanges,
    // One sync failure toast at a time: a newer failure replaces the last one in place.
    onFailure: (failure) =>
      notify.error(syncFailureText(services.i18n.t, failure), { id: SYNC_FAILURE_TOAST_ID }),
  });
}
