import { FakeClock } from '@parley/core/platform';
import { createMemoryStore } from '@parley/core/storage';
import { SYNC_TABS_CHANNEL, type SyncScheduler, type TabChannel } from '@parley/core/sync-client';
import { memoryStorage } from '../../support/memory-storage';
import { browserSyncScheduler, cloudSyncLocalData, CLOUD_SYNC_KEYS } from '../../../src/adapters/sync';
import { createCloudSync, type CloudSyncDeps } from '../../../src/features/cloud-sync/cloud-sync-controller';
import { broadcastTabChannel, webLocksTabLocks } from '../../../src/features/cloud-sync/tab-coordination';
import { fakeBroadcastChannels } from './fake-broadcast-channel';
import { FakeLockManager } from './fake-lock-manager';
import { fakeSyncFetch } from './fake-sync-fetch';

export const signedInAccount = {
  [CLOUD_SYNC_KEYS.token]: '"token-1"',
  [CLOUD_SYNC_KEYS.email]: '"ada@example.com"',
};

export type BrowserTabOptions = {
  /** The tab's side of the channel; default the profile's BroadcastChannel. */
  channel?: TabChannel;
  /** The tab's timers; default the browser's. */
  scheduler?: SyncScheduler;
  isVisible?: () => boolean;
  onFailure?: CloudSyncDeps['onFailure'];
};

/**
 * Tabs of one browser profile for cloud sync tests: one localStorage, one store, Web Locks and a
 * BroadcastChannel; each tab has its own fake sync server (to see which tab called it).
 */
export function browserProfile(initial: Record<string, string> = {}) {
  const storage = memoryStorage(initial);
  const store = createMemoryStore({ clock: new FakeClock() });
  const locks = new FakeLockManager();
  const Channel = fakeBroadcastChannels();
  const storageListeners = new Set<() => void>();
  const openTab = (options: BrowserTabOptions = {}) => {
    const server = fakeSyncFetch();
    const cloudSync = createCloudSync({
      store,
      fetch: server.fetch,
      local: cloudSyncLocalData(() => storage),
      scheduler: options.scheduler ?? browserSyncScheduler,
      defaultServerUrl: () => 'http://parley.test/',
      clearAllLocalData: async () => {},
      reload: () => {},
      reportError: () => {},
      onFailure: options.onFailure,
      tabs: {
        locks: webLocksTabLocks(locks),
        channel: options.channel ?? broadcastTabChannel(SYNC_TABS_CHANNEL, Channel),
        isVisible: options.isVisible,
      },
      watchLocal: (onChange) => {
        storageListeners.add(onChange);
        return () => storageListeners.delete(onChange);
      },
    });
    const syncCalls = () => server.requests.filter((request) => request.path === '/api/sync');
    return { server, cloudSync, syncCalls };
  };
  /** What the browser does in the other tabs after one wrote localStorage. */
  const storageEvent = () => storageListeners.forEach((listener) => listener());
  return { locks, store, openTab, storageEvent };
}

/** A tab that is alive but frozen, as its channel sees it: it says nothing and hears nothing. */
export const frozenTabChannel: TabChannel = { post: () => {}, subscribe: () => () => {} };
