import type { StoragePort } from '@parley/core/storage';
import { SYNC_LEADER_LOCK } from '@parley/core/sync-client';
import { describe, expect, it, vi } from 'vitest';
import {
  broadcastTabChannel,
  browserTabCoordination,
  webLocksTabLocks,
} from '../../src/features/cloud-sync/tab-coordination';
import { browserProfile, signedInAccount as signedIn } from './testing/browser-profile';
import { fakeBroadcastChannels } from './testing/fake-broadcast-channel';
import { FakeLockManager } from './testing/fake-lock-manager';

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
    const handlers = (tab: string) => ({
      onAcquired: () => got.push(tab),
      onLost: () => got.push(`${tab} lost`),
    });
    const releaseA = locks.acquire('lock', handlers('a'));
    const releaseB = locks.acquire('lock', handlers('b'));
    locks.acquire('lock', handlers('c'));
    await vi.waitFor(() => expect(got).toEqual(['a']));
    releaseB();
    releaseA();
    await vi.waitFor(() => expect(got).toEqual(['a', 'c']));
  });

  it('SC25 Web Locks: a steal is granted at once, and the holder hears it lost the lock', async () => {
    const manager = new FakeLockManager();
    const locks = webLocksTabLocks(manager);
    const got: string[] = [];
    const handlers = (tab: string) => ({
      onAcquired: () => got.push(tab),
      onLost: () => got.push(`${tab} lost`),
    });
    locks.acquire('lock', handlers('a'));
    await vi.waitFor(() => expect(got).toEqual(['a']));
    const waiting = locks.acquire('lock', handlers('b'));
    const releaseC = locks.acquire('lock', handlers('c'), { steal: true });
    await vi.waitFor(() => expect([...got].sort()).toEqual(['a', 'a lost', 'c']));
    // When c lets go, the request still waiting in line gets the lock.
    releaseC();
    await vi.waitFor(() => expect(got.at(-1)).toBe('b'));
    waiting();
    await vi.waitFor(() => expect(manager.isHeld('lock')).toBe(false));
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

  it('SC25 only a visible tab counts as visible', () => {
    const persistent = { backend: 'indexeddb' } as StoragePort;
    const win = (visibilityState: DocumentVisibilityState) => ({
      navigator: { locks: new FakeLockManager() } as unknown as Navigator,
      BroadcastChannel: fakeBroadcastChannels(),
      document: { visibilityState },
    });
    expect(browserTabCoordination(win('visible'), persistent)?.isVisible?.()).toBe(true);
    expect(browserTabCoordination(win('hidden'), persistent)?.isVisible?.()).toBe(false);
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
