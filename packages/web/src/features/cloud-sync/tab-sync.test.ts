import { FakeClock } from '@parley/core/platform';
import { createMemoryStore, type StoragePort } from '@parley/core/storage';
import { SYNC_LEADER_LOCK, SYNC_TABS_CHANNEL } from '@parley/core/sync-client';
import { describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '../../../test/support/memory-storage';
import { browserSyncScheduler, cloudSyncLocalData, CLOUD_SYNC_KEYS } from '../../adapters/sync';
import { createCloudSync } from './cloud-sync-controller';
import { broadcastTabChannel, browserTabCoordination, webLocksTabLocks } from './tab-coordination';
import { fakeBroadcastChannels } from './testing/fake-broadcast-channel';
import { FakeLockManager } from './testing/fake-lock-manager';
import { fakeSyncFetch } from './testing/fake-sync-fetch';

const signedIn = { [CLOUD_SYNC_KEYS.token]: '"token-1"', [CLOUD_SYNC_KEYS.email]: '"ada@example.com"' };

/** Tabs of one browser profile: one localStorage, one store, Web Locks and a BroadcastChannel. */
function browserProfile(initial: Record<string, string> = {}) {
  const storage = memoryStorage(initial);
  const store = createMemoryStore({ clock: new FakeClock() });
  const locks = new FakeLockManager();
  const Channel = fakeBroadcastChannels();
  const storageListeners = new Set<() => void>();
  const openTab = () => {
    const server = fakeSyncFetch();
    const cloudSync = createCloudSync({
      store,
      fetch: server.fetch,
      local: cloudSyncLocalData(() => storage),
      scheduler: browserSyncScheduler,
      defaultServerUrl: () => 'http://parley.test/',
      clearAllLocalData: async () => {},
      reload: () => {},
      reportError: () => {},
      tabs: { locks: webLocksTabLocks(locks), channel: broadcastTabChannel(SYNC_TABS_CHANNEL, Channel) },
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
  return { locks, openTab, storageEvent };
}

describe('SC21 cloud sync in several tabs', () => {
  it("only the leader tab calls the server; a follower's Sync now runs there and shows its status", async () => {
    const profile = browserProfile(signedIn);
    const a = profile.openTab();
    const b = profile.openTab();
    await a.cloudSync.start();
    await vi.waitFor(() => expect(a.cloudSync.engine.tabRole).toBe('leader'));
    await b.cloudSync.start();
    await vi.waitFor(() => expect(a.syncCalls()).toHaveLength(1));
    expect(b.cloudSync.engine.tabRole).toBe('follower');

    const snapshot = await b.cloudSync.syncNow();
    expect(snapshot.status).toBe('ready');
    expect(a.syncCalls()).toHaveLength(2);
    expect(b.server.requests).toEqual([]);
    await vi.waitFor(() => expect(b.cloudSync.getState().sync).toEqual(a.cloudSync.getState().sync));
    expect(b.cloudSync.getState().usage).toEqual({
      totalUsageBytes: 1536,
      limitUsageBytes: 100 * 1024 * 1024,
    });
  });

  it('signing in from a follower: the leader runs the full re-sync and every tab shows the account', async () => {
    const profile = browserProfile();
    const a = profile.openTab();
    const b = profile.openTab();
    await a.cloudSync.start();
    await b.cloudSync.start();
    await vi.waitFor(() => expect(a.cloudSync.engine.tabRole).toBe('leader'));
    expect(a.syncCalls()).toEqual([]);

    await b.cloudSync.signIn({ email: 'ada@example.com', password: 'long enough' });
    expect(b.server.requests.map((request) => request.path)).toEqual(['/api/auth/login']);
    expect(a.syncCalls()).toHaveLength(1);
    expect(a.syncCalls()[0]?.body).toMatchObject({ lastSyncAt: null });
    expect(a.cloudSync.getState().email).toBeNull();
    profile.storageEvent();
    expect(a.cloudSync.getState().email).toBe('ada@example.com');
  });

  it('when the leader tab goes, the follower takes the lock and syncs at once', async () => {
    const profile = browserProfile(signedIn);
    const a = profile.openTab();
    const b = profile.openTab();
    await a.cloudSync.start();
    await vi.waitFor(() => expect(a.cloudSync.engine.tabRole).toBe('leader'));
    await b.cloudSync.start();
    a.cloudSync.stop();
    await vi.waitFor(() => expect(b.cloudSync.engine.tabRole).toBe('leader'));
    await vi.waitFor(() => expect(b.syncCalls()).toHaveLength(1));
    expect(profile.locks.isHeld(SYNC_LEADER_LOCK)).toBe(true);
  });
});

describe('SC21 the browser wiring', () => {
  it('Web Locks: one holder at a time, the next waiter gets it on release, a withdrawn wait never does', async () => {
    const locks = webLocksTabLocks(new FakeLockManager());
    const got: string[] = [];
    const releaseA = locks.acquire('lock', () => got.push('a'));
    const releaseB = locks.acquire('lock', () => got.push('b'));
    locks.acquire('lock', () => got.push('c'));
    await vi.waitFor(() => expect(got).toEqual(['a']));
    releaseB();
    releaseA();
    await vi.waitFor(() => expect(got).toEqual(['a', 'c']));
  });

  it('the channel reaches the other tabs, never the sender', async () => {
    const Channel = fakeBroadcastChannels();
    const one = broadcastTabChannel('c', Channel);
    const two = broadcastTabChannel('c', Channel);
    const heardByOne: unknown[] = [];
    const heardByTwo: unknown[] = [];
    one.subscribe((message) => heardByOne.push(message));
    two.subscribe((message) => heardByTwo.push(message));
    one.post({ v: 1, type: 'hello' });
    await vi.waitFor(() => expect(heardByTwo).toEqual([{ v: 1, type: 'hello' }]));
    expect(heardByOne).toEqual([]);
  });

  it('coordination needs Web Locks, BroadcastChannel and a store the tabs share', () => {
    const persistent = { backend: 'indexeddb' } as StoragePort;
    const memory = { backend: 'memory' } as StoragePort;
    const withLocks = { navigator: { locks: new FakeLockManager() } as unknown as Navigator };
    const Channel = fakeBroadcastChannels();
    expect(browserTabCoordination({ ...withLocks, BroadcastChannel: Channel }, persistent)).not.toBeNull();
    expect(browserTabCoordination({ ...withLocks, BroadcastChannel: Channel }, memory)).toBeNull();
    expect(browserTabCoordination(withLocks, persistent)).toBeNull();
    expect(
      browserTabCoordination({ navigator: {} as Navigator, BroadcastChannel: Channel }, persistent),
    ).toBeNull();
  });
});
