import { describe, expect, it } from 'vitest';
import { SYNC_LEADER_LOCK } from '../../src/sync-client/tab-sync-protocol';
import { sentChatIds, testChat } from '../../src/sync-client/test-support/engine-harness';
import { settle, tabsHarness } from '../../src/sync-client/test-support/tab-harness';

describe('SC21 one tab syncs for all the tabs of a browser', () => {
  it('SC21 the first tab to start leads; the others follow and never call the server', async () => {
    const h = tabsHarness();
    const a = h.openTab('a');
    const b = h.openTab('b');
    await a.engine.start();
    await settle();
    await b.engine.start();
    await settle();
    expect(h.locks.holderOf(SYNC_LEADER_LOCK)).toBe('a');
    expect([a.engine.tabRole, b.engine.tabRole]).toEqual(['leader', 'follower']);
    // Taking the lead, a syncs at once; b never does.
    expect(a.transport.syncRequests()).toHaveLength(1);
    expect(b.transport.requests).toHaveLength(0);
  });

  it("SC21 the leader syncs the other tabs' changes and their deletions, debounced like its own", async () => {
    const h = tabsHarness();
    const a = h.openTab('a');
    const b = h.openTab('b');
    await a.engine.start();
    await b.engine.start();
    await settle();
    await b.store.chats.put(testChat('ch-from-b'));
    await settle();
    expect(a.scheduler.pending).toBe(1);
    expect(b.scheduler.pending).toBe(0);
    a.scheduler.advance(1000);
    await settle();
    expect(sentChatIds(a.transport.lastSyncBody())).toEqual(['ch-from-b']);

    // A chat purged in b before it ever synced is sent as deleted by a (SC5).
    await b.store.chats.put(testChat('ch-short-lived'));
    await b.store.chats.purge('ch-short-lived');
    await settle();
    a.scheduler.advance(1000);
    await settle();
    expect(a.transport.lastSyncBody().allData.deletedChatIDs).toContain('ch-short-lived');
    expect(b.transport.requests).toHaveLength(0);
  });

  it("SC21 a follower's Sync now runs in the leader and resolves with the leader's status", async () => {
    const h = tabsHarness();
    const a = h.openTab('a');
    const b = h.openTab('b');
    await a.engine.start();
    await b.engine.start();
    await settle();
    const before = a.transport.syncRequests().length;
    const snapshot = await b.engine.syncNow();
    expect(snapshot.status).toBe('ready');
    expect(snapshot.lastSyncAt).toBe(a.engine.getSnapshot().lastSyncAt);
    expect(a.transport.syncRequests()).toHaveLength(before + 1);
    expect(b.transport.requests).toHaveLength(0);

    await b.engine.fullResync();
    expect(a.transport.lastSyncBody().lastSyncAt).toBeNull();
    expect(b.transport.requests).toHaveLength(0);
  });

  it("SC21 followers show the leader's status as it changes", async () => {
    const h = tabsHarness();
    const a = h.openTab('a');
    await a.engine.start();
    await settle();
    const b = h.openTab('b');
    await b.engine.start();
    await settle();
    // On start b asked for the status and got the leader's last sync.
    expect(b.engine.getSnapshot()).toEqual(a.engine.getSnapshot());
    a.transport.on('/api/sync', () => ({ status: 503, body: {} }));
    await a.engine.syncNow();
    await settle();
    expect(b.engine.getSnapshot().failure?.code).toBe('disabled');
    expect(b.statuses.slice(-2)).toEqual(['started', 'error']);
  });

  it('SC21 when the leader tab closes, a follower takes the lock over and syncs at once', async () => {
    const h = tabsHarness();
    const a = h.openTab('a');
    const b = h.openTab('b');
    const c = h.openTab('c');
    for (const tab of [a, b, c]) await tab.engine.start();
    await settle();
    a.close();
    await settle();
    expect(h.locks.holderOf(SYNC_LEADER_LOCK)).toBe('b');
    expect(b.engine.tabRole).toBe('leader');
    expect(b.transport.syncRequests()).toHaveLength(1);
    // The new leader follows the other tabs' changes; c still never calls the server.
    await c.store.chats.put(testChat('ch-from-c'));
    await settle();
    b.scheduler.advance(1000);
    await settle();
    expect(sentChatIds(b.transport.lastSyncBody())).toEqual(['ch-from-c']);
    expect(c.transport.requests).toHaveLength(0);
  });

  it('SC21 a request the closed leader never answered runs in the next leader', async () => {
    const h = tabsHarness();
    const a = h.openTab('a');
    const b = h.openTab('b');
    const c = h.openTab('c');
    for (const tab of [a, b, c]) await tab.engine.start();
    await settle();
    a.transport.on('/api/sync', () => new Promise(() => {}));
    const fromC = c.engine.syncNow();
    await settle();
    a.close();
    const snapshot = await fromC;
    expect(snapshot.status).toBe('ready');
    // c asked again when b announced itself, and b answered.
    const requests = h.channels.sent.filter((message) => message.type === 'request');
    expect(requests).toHaveLength(2);
    expect(requests[0]).toEqual(requests[1]);
    const id = requests[0]?.type === 'request' ? requests[0].id : '';
    expect(h.channels.sent).toContainEqual(expect.objectContaining({ type: 'done', id }));
    expect(b.transport.syncRequests().length).toBeGreaterThan(0);
    expect(c.transport.requests).toHaveLength(0);
  });

  it("SC21 a follower's request made before any tab leads runs once it leads itself", async () => {
    const h = tabsHarness();
    const a = h.openTab('a');
    const started = a.engine.start();
    // The lock is granted asynchronously: a still follows and nobody leads yet.
    expect(a.engine.tabRole).toBe('follower');
    const snapshot = await a.engine.syncNow();
    await started;
    expect(snapshot.status).toBe('ready');
    expect(a.engine.tabRole).toBe('leader');
    expect(a.transport.syncRequests().length).toBeGreaterThan(0);
  });

  it('SC21 without coordination every tab syncs its own changes and ignores the others (solo)', async () => {
    const h = tabsHarness();
    const a = h.openTab('a', { coordinated: false });
    const b = h.openTab('b', { coordinated: false });
    await a.engine.start();
    await b.engine.start();
    await settle();
    expect([a.engine.tabRole, b.engine.tabRole]).toEqual(['solo', 'solo']);
    await b.store.chats.put(testChat('ch-from-b'));
    await settle();
    expect(a.scheduler.pending).toBe(0);
    expect(b.scheduler.pending).toBe(1);
  });

  it('SC21 messages that do not parse (another version of the app) are ignored', async () => {
    const h = tabsHarness();
    const a = h.openTab('a');
    await a.engine.start();
    await settle();
    const stranger = h.channels.open();
    stranger.post({ v: 2, type: 'request', id: 'x', run: 'sync' } as never);
    stranger.post({ v: 1, type: 'status', snapshot: { status: 'ready' } } as never);
    const before = a.transport.syncRequests().length;
    await settle();
    expect(a.transport.syncRequests()).toHaveLength(before);
    expect(a.engine.getSnapshot().status).toBe('ready');
  });

  it('SC21 stopping the leader gives the lock up; starting again waits for it', async () => {
    const h = tabsHarness();
    const a = h.openTab('a');
    const b = h.openTab('b');
    await a.engine.start();
    await b.engine.start();
    await settle();
    a.engine.stop();
    await settle();
    expect(b.engine.tabRole).toBe('leader');
    await a.engine.start();
    await settle();
    expect(a.engine.tabRole).toBe('follower');
    await a.store.chats.put(testChat('ch-from-a'));
    await settle();
    expect(a.scheduler.pending).toBe(0);
    expect(b.scheduler.pending).toBe(1);
  });
});
