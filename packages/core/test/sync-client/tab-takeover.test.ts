import { describe, expect, it } from 'vitest';
import { LEADER_HEARTBEAT_MS, LEADER_SILENCE_MS } from '../../src/sync-client/leader-watch';
import { LEADER_UNRESPONSIVE_MESSAGE } from '../../src/sync-client/sync-failure';
import type { SyncSnapshot } from '../../src/sync-client/sync-engine';
import { SYNC_LEADER_LOCK } from '../../src/sync-client/tab-sync-protocol';
import { sentChatIds, testChat } from '../../src/sync-client/test-support/engine-harness';
import { settle, tabsHarness } from '../../src/sync-client/test-support/tab-harness';

/** Two started tabs of one profile: `a` leads, `b` follows. */
async function leaderAndFollower() {
  const h = tabsHarness();
  const a = h.openTab('a');
  const b = h.openTab('b');
  await a.engine.start();
  await settle();
  await b.engine.start();
  await settle();
  expect([a.engine.tabRole, b.engine.tabRole]).toEqual(['leader', 'follower']);
  return { h, a, b };
}

type Harness = ReturnType<typeof tabsHarness>;
type Tab = ReturnType<Harness['openTab']>;

/** Time passes for the browser and in `tab` (a frozen tab's timers stand still). */
function pass(h: Harness, tab: Tab, ms: number) {
  h.clock.advance(ms);
  tab.scheduler.advance(ms);
}

/** A promise's outcome, readable without awaiting it. */
function track(promise: Promise<SyncSnapshot>) {
  const state: { snapshot: SyncSnapshot | null } = { snapshot: null };
  void promise.then((snapshot) => (state.snapshot = snapshot));
  return state;
}

describe('SC25 a leader tab that is alive but frozen', () => {
  it("SC25 a visible follower's Sync now waits out the silence, then takes the lock and syncs itself", async () => {
    const { h, a, b } = await leaderAndFollower();
    a.freeze();
    const asked = track(b.engine.syncNow());
    await settle();
    expect(b.engine.getSnapshot().status).toBe('started');
    pass(h, b, LEADER_SILENCE_MS - 1);
    await settle();
    expect(asked.snapshot).toBeNull();
    expect(b.engine.tabRole).toBe('follower');

    pass(h, b, 1);
    await settle();
    expect(h.locks.holderOf(SYNC_LEADER_LOCK)).toBe('b');
    expect(b.engine.tabRole).toBe('leader');
    expect(asked.snapshot?.status).toBe('ready');
    expect(b.transport.syncRequests().length).toBeGreaterThan(0);
  });

  it('SC25 the old leader steps down when it wakes and syncs no more; the new one syncs for all', async () => {
    const { h, a, b } = await leaderAndFollower();
    a.freeze();
    const asked = track(b.engine.syncNow());
    pass(h, b, LEADER_SILENCE_MS);
    await settle();
    expect(asked.snapshot?.status).toBe('ready');
    const syncedByA = a.transport.syncRequests().length;

    // Waking, a learns its lock was taken (and hears the new leader): it follows b.
    a.thaw();
    await settle();
    expect(a.engine.tabRole).toBe('follower');
    expect(h.locks.holderOf(SYNC_LEADER_LOCK)).toBe('b');
    await a.store.chats.put(testChat('ch-from-a'));
    await settle();
    a.scheduler.advance(10 * LEADER_SILENCE_MS);
    pass(h, b, 1000);
    await settle();
    expect(a.transport.syncRequests()).toHaveLength(syncedByA);
    expect(sentChatIds(b.transport.lastSyncBody())).toEqual(['ch-from-a']);
    // a's Sync now goes to b now.
    const before = b.transport.syncRequests().length;
    expect((await a.engine.syncNow()).status).toBe('ready');
    expect(b.transport.syncRequests()).toHaveLength(before + 1);
    expect(a.transport.syncRequests()).toHaveLength(syncedByA);
  });

  it("SC25 a follower's own edits count as work: unanswered, a visible follower takes over and sends them", async () => {
    const { h, a, b } = await leaderAndFollower();
    a.freeze();
    await b.store.chats.put(testChat('ch-from-b'));
    await settle();
    pass(h, b, LEADER_SILENCE_MS);
    await settle();
    expect(b.engine.tabRole).toBe('leader');
    expect(sentChatIds(b.transport.lastSyncBody())).toEqual(['ch-from-b']);
  });

  it('SC25 a hidden follower does not take over: its Sync now ends in a failure after the silence', async () => {
    const { h, a, b } = await leaderAndFollower();
    a.freeze();
    b.visibility.visible = false;
    const asked = track(b.engine.syncNow());
    pass(h, b, LEADER_SILENCE_MS);
    await settle();
    expect(asked.snapshot?.status).toBe('error');
    expect(asked.snapshot?.failure).toEqual({
      code: 'leader_unresponsive',
      message: LEADER_UNRESPONSIVE_MESSAGE,
      sessionExpired: false,
    });
    expect(b.statuses.slice(-2)).toEqual(['started', 'error']);
    expect(b.engine.tabRole).toBe('follower');
    expect(h.locks.holderOf(SYNC_LEADER_LOCK)).toBe('a');
    expect(b.transport.requests).toHaveLength(0);

    // Shown again, the tab asks for a sync (the app does on visibilitychange) and takes over.
    b.visibility.visible = true;
    b.engine.schedule();
    pass(h, b, LEADER_SILENCE_MS);
    await settle();
    expect(b.engine.tabRole).toBe('leader');
  });

  it('SC25 a request still unanswered after the steal ends in a failure rather than waiting for ever', async () => {
    const { h, a, b } = await leaderAndFollower();
    a.freeze();
    // The steal is granted only once the frozen tab's lock is released: never, here.
    h.locks.freezeTab('b');
    const asked = track(b.engine.syncNow());
    pass(h, b, LEADER_SILENCE_MS);
    await settle();
    expect(asked.snapshot).toBeNull();
    pass(h, b, LEADER_SILENCE_MS);
    await settle();
    expect(asked.snapshot?.failure?.code).toBe('leader_unresponsive');
  });
});

describe('SC25 a live leader is not taken for a frozen one', () => {
  it('SC25 a sync longer than the silence limit: the leader says it is alive and keeps the lock', async () => {
    const { h, a, b } = await leaderAndFollower();
    let answer: () => void = () => {};
    a.transport.on(
      '/api/sync',
      () =>
        new Promise((resolve) => (answer = () => resolve({ status: 200, body: a.transport.syncAnswer() }))),
    );
    const asked = track(b.engine.syncNow());
    await settle();
    for (let i = 0; i < 4; i++) {
      a.scheduler.advance(LEADER_HEARTBEAT_MS);
      await settle();
      pass(h, b, LEADER_HEARTBEAT_MS);
      await settle();
    }
    expect(h.locks.holderOf(SYNC_LEADER_LOCK)).toBe('a');
    expect(b.engine.tabRole).toBe('follower');
    expect(asked.snapshot).toBeNull();
    answer();
    await settle();
    expect(asked.snapshot?.status).toBe('ready');
    expect(b.transport.requests).toHaveLength(0);
  });

  it('SC25 a leader that answers changes at once is never stolen from, however long it stays idle', async () => {
    const { h, a, b } = await leaderAndFollower();
    await b.store.chats.put(testChat('ch-from-b'));
    await settle();
    pass(h, b, 10 * LEADER_SILENCE_MS);
    await settle();
    expect(h.locks.holderOf(SYNC_LEADER_LOCK)).toBe('a');
    expect(a.scheduler.pending).toBeGreaterThan(0);
  });

  it('SC25 a leader that loses the lock mid-sync drops the run it had queued', async () => {
    const { h, a, b } = await leaderAndFollower();
    let answer: () => void = () => {};
    a.transport.on(
      '/api/sync',
      () =>
        new Promise((resolve) => (answer = () => resolve({ status: 200, body: a.transport.syncAnswer() }))),
    );
    const running = a.engine.syncNow();
    const queued = a.engine.syncNow();
    await settle();
    const syncedByA = a.transport.syncRequests().length;
    // a is busy but says nothing (its timers are stuck): b, asked to sync, takes over.
    void b.engine.syncNow();
    pass(h, b, LEADER_SILENCE_MS);
    await settle();
    expect(h.locks.holderOf(SYNC_LEADER_LOCK)).toBe('b');
    expect(a.engine.tabRole).toBe('follower');
    const afterQueued = track(queued);
    answer();
    await running;
    await settle();
    expect(afterQueued.snapshot?.status).toBe('ready');
    expect(a.transport.syncRequests()).toHaveLength(syncedByA);
  });
});
