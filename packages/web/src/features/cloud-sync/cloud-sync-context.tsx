import { createContext, use, useEffect, type ReactNode } from 'react';
import { useStore } from 'zustand';
import type { CloudSync, CloudSyncState } from './cloud-sync-controller';

const CloudSyncContext = createContext<CloudSync | null>(null);

/** Provides cloud sync to the settings section and the status indicator, and runs its engine. */
export function CloudSyncProvider({ cloudSync, children }: { cloudSync: CloudSync; children: ReactNode }) {
  useEffect(() => {
    void cloudSync.start();
    // Coming back to the tab picks up what other devices did meanwhile.
    const onVisible = () => {
      if (document.visibilityState === 'visible') cloudSync.engine.schedule();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      cloudSync.stop();
    };
  }, [cloudSync]);
  return <CloudSyncContext value={cloudSync}>{children}</CloudSyncContext>;
}

export function useCloudSync(): CloudSync {
  const cloudSync = use(CloudSyncContext);
  if (!cloudSync) throw new Error('useCloudSync must be used inside <CloudSyncProvider>');
  return cloudSync;
}

export function useCloudSyncState<T>(select: (state: CloudSyncState) => T): T {
  return useStore(useCloudSync(), select);
}
