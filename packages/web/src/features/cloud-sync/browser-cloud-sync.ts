import type { StoragePort } from '@parley/core/storage';
import type { RemoteChanges } from '@parley/core/sync-client';
import type { i18n } from 'i18next';
import { browserSyncScheduler, cloudSyncLocalData, CLOUD_SYNC_KEYS } from '../../adapters/sync';
import { notify } from '../toasts';
import { createCloudSync, type CloudSync } from './cloud-sync-controller';
import { defaultSyncServer } from './default-sync-server';
import { syncFailureText } from './sync-failure-text';
import { browserTabCoordination } from './tab-coordination';

const SYNC_FAILURE_TOAST_ID = 'cloud-sync-failure';
const ACCOUNT_KEYS: ReadonlySet<string> = new Set(Object.values(CLOUD_SYNC_KEYS));

export type BrowserCloudSyncServices = {
  store: StoragePort;
  fetch: typeof fetch;
  i18n: i18n;
  recovery: { clearAllLocalData(): Promise<void> };
  reload: () => void;
};

/**
 * Cloud sync as the app runs it: this origin's server (or the license server's override, the host's
 * defaultSyncServer, or the local TM_cloudSyncServerURL), localStorage for the token, browser timers, failures as toasts.
 * One tab syncs for all the tabs of this browser (Web Locks and a BroadcastChannel, SC21).
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
    // No server in the static build until the host or the user names one: the page's origin is a
    // stand-in that nothing calls (signing in and share links are hidden, useSyncServerGiven).
    defaultServerUrl: () => defaultSyncServer(win.location.origin) ?? win.location.origin,
    pageOrigin: () => win.location.origin,
    clearAllLocalData: () => services.recovery.clearAllLocalData(),
    reload: services.reload,
    // Spec section 8: the error is reported, and the message points the user at the console.
    reportError: (error) => console.error('Parley cloud sync failed:', error),
    onRemoteChanges: options.onRemoteChanges,
    tabs: browserTabCoordination(win, services.store),
    // SC36: other devices' changes are listened for only in a page the user sees, online.
    canListen: () => win.document.visibilityState !== 'hidden' && win.navigator.onLine !== false,
    // `storage` events: another tab signed in or out, or changed a switch.
    watchLocal: (onChange) => {
      const onStorage = (event: StorageEvent) => {
        if (event.key === null || ACCOUNT_KEYS.has(event.key)) onChange();
      };
      win.addEventListener('storage', onStorage);
      return () => win.removeEventListener('storage', onStorage);
    },
    // One sync failure toast at a time: a newer failure replaces the last one in place. Every tab
    // hears the leader's failures; only a tab the user is looking at shows them (the others keep the
    // status icon, so nothing is hidden).
    onFailure: (failure) => {
      if (win.document.visibilityState === 'hidden') return;
      notify.error(syncFailureText(services.i18n.t, failure), { id: SYNC_FAILURE_TOAST_ID });
    },
  });
}
