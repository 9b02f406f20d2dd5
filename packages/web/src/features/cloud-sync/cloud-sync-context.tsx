import { createContext, use, useEffect, type ReactNode } from 'react';
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import { INVITE_QUERY_PARAM } from '@parley/core/sync-client';
import { cloudSyncLocalData } from '../../adapters/sync';
import { useSettingsDialog } from '../settings';
import type { CloudSync, CloudSyncState } from './cloud-sync-controller';
import { useSsoReturn } from './use-sso-return';

const CloudSyncContext = createContext<CloudSync | null>(null);

/**
 * Provides cloud sync to the settings section and the status indicator, and runs its engine.
 * `cloudSync` is null until the sync code has loaded (it is fetched after the first screen):
 * the tree stays mounted and only <CloudSyncReady> parts appear when it arrives.
 */
export function CloudSyncProvider({
  cloudSync,
  children,
}: {
  cloudSync: CloudSync | null;
  children: ReactNode;
}) {
  useSsoReturn(cloudSync);
  useEffect(() => {
    if (!cloudSync) return;
    void cloudSync.start();
    // An admin's invitation link (server admin SPEC AD7): straight to the sign-up form.
    if (new URLSearchParams(window.location.search).has(INVITE_QUERY_PARAM) && !cloudSync.getState().email)
      useSettingsDialog.getState().open('cloudSync');
    // Coming back to the tab picks up what other devices did meanwhile.
    // The notification stream is open only while the page is seen and online (SC36).
    const onVisible = () => {
      if (document.visibilityState === 'visible') cloudSync.engine.schedule();
      cloudSync.refreshLive();
    };
    // The network is back: a sync that failed offline goes again now, not at its next retry (SC28).
    const onOnline = () => {
      cloudSync.engine.networkBack();
      cloudSync.refreshLive();
    };
    const onOffline = () => cloudSync.refreshLive();
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', onOffline);
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', onOffline);
      cloudSync.stop();
    };
  }, [cloudSync]);
  return <CloudSyncContext value={cloudSync}>{children}</CloudSyncContext>;
}

/** Renders `children` once cloud sync has loaded, `fallback` until then. */
export function CloudSyncReady({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  return use(CloudSyncContext) ? children : fallback;
}

export function useCloudSync(): CloudSync {
  const cloudSync = use(CloudSyncContext);
  if (!cloudSync) throw new Error('useCloudSync must be used inside <CloudSyncProvider> once it has loaded');
  return cloudSync;
}

export function useCloudSyncState<T>(select: (state: CloudSyncState) => T): T {
  return useStore(useCloudSync(), select);
}

const noOrg = { role: null, orgShared: null } as const;

/**
 * The caller's role on the sync server and the organisation's shared agents and prompts (AD10),
 * or nulls while cloud sync has not loaded, signed out, or not pulled yet. Safe anywhere.
 */
export function useOrg(): Pick<CloudSyncState, 'role' | 'orgShared'> {
  const cloudSync = use(CloudSyncContext);
  const role = useStore(cloudSync ?? fallbackStore, (state) => state.role);
  const orgShared = useStore(cloudSync ?? fallbackStore, (state) => state.orgShared);
  return cloudSync ? { role, orgShared } : noOrg;
}

/**
 * The user's own sync server (TM_cloudSyncServerURL), or null: live once cloud sync has loaded, read
 * from this device before that. Safe anywhere.
 */
export function useServerUrlOverride(): string | null {
  const cloudSync = use(CloudSyncContext);
  const live = useStore(cloudSync ?? fallbackStore, (state) => state.serverUrlOverride);
  return cloudSync ? live : (cloudSyncLocalData().serverUrl.read() ?? null);
}

/** Never changes: lets useOrg call its hooks the same way before cloud sync has loaded. */
const fallbackStore = createStore<Pick<CloudSyncState, 'role' | 'orgShared' | 'serverUrlOverride'>>()(() => ({
  role: null,
  orgShared: null,
  serverUrlOverride: null,
}));
