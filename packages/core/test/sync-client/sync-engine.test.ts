import { describe, expect, it } from 'vitest';
import { syncMessages } from '../../src/sync';
import { engineHarness, serverChat, testChat } from '../../src/sync-client/test-support/engine-harness';

describe('SyncEngine status and scheduling', () => {
  it('SC1 goes init -> scheduled -> started -> ready after a local change', async () => {
    const h = engineHarness();
    await h.engine.start();
    expect(h.engine.getSnapshot().status).toBe('init');
    await h.store.chats.put(testChat('ch-1'));
    expect(h.engine.getSnapshot().status).toBe('scheduled');
    const done = h.until('ready', 'error');
    h.scheduler.advance(1000);
    await done;
    expect(h.statuses).toEqual(['init', 'scheduled', 'started', 'ready']);
  });

  it('SC1 goes started -> error when the sync fails, and the failure stays until a success', async () => {
    const h = engineHarness();
    await h.engine.start();
    h.transport.on('/api/sync', () => ({ status: 503, body: {} }));
    const failed = await h.engine.syncNow();
    expect(failed.status).toBe('error');
    expect(failed.failure?.code).toBe('disabled');
    h.transport.on('/api/sync', () => ({ status: 200, body: h.transport.syncAnswer() }));
    const ok = await h.engine.syncNow();
    expect(ok).toMatchObject({ status: 'ready', failure: null });
    expect(h.statuses).toEqual(['init', 'started', 'error', 'started', 'ready']);
  });

  it('SC2 debounces local changes by 1 s: each change restarts the wait, one sync follows', async () => {
    const h = engineHarness();
    await h.engine.start();
    await h.store.chats.put(testChat('ch-1'));
    h.scheduler.advance(600);
    await h.store.chats.put(testChat('ch-2'));
    h.scheduler.advance(600);
    expect(h.transport.syncRequests()).toHaveLength(0);
    const done = h.until('ready');
    h.scheduler.advance(400);
    await done;
    expect(h.transport.syncRequests()).toHaveLength(1);
    expect(h.transport.lastSyncBody().allData.chats).toHaveLength(2);
  });

  it('SC2 schedules nothing while sync is off or signed out', async () => {
    const h = engineHarness();
    h.switches.active = false;
    await h.engine.start();
    await h.store.chats.put(testChat('ch-1'));
    expect(h.scheduler.pending).toBe(0);
    expect(await h.engine.syncNow()).toMatchObject({ status: 'init' });
    expect(h.transport.requests).toHaveLength(0);
  });

  it('SC2 changes outside synced data (local-only settings, usage) schedule nothing', async () => {
    const h = engineHarness();
    await h.engine.start();
    await h.store.usage.append({ totalTokens: 5 });
    expect(h.scheduler.pending).toBe(0);
    await h.store.settings.putEntries([
      { key: 'themeMode', value: 'dark', updatedAt: '2026-01-01T00:00:00.000Z' },
    ]);
    expect(h.scheduler.pending).toBe(0);
    await h.store.settings.putEntries([
      { key: 'fontSize', value: 'large', updatedAt: '2026-01-01T00:00:00.000Z' },
    ]);
    expect(h.scheduler.pending).toBe(1);
  });

  it('SC2 applying what the server sent does not schedule another sync (no loop)', async () => {
    const h = engineHarness();
    await h.engine.start();
    h.transport.on('/api/sync', () => ({
      status: 200,
      body: h.transport.syncAnswer({
        updatedChats: [serverChat('ch-remote', '2026-01-01T00:00:05.000Z')],
        deletedFolderIDs: ['f-gone'],
      }),
    }));
    await h.engine.syncNow();
    expect(await h.store.chats.get('ch-remote')).toBeDefined();
    expect(h.scheduler.pending).toBe(0);
    expect(h.engine.getSnapshot().status).toBe('ready');
  });

  it('SC19 runs one sync at a time; requests during a run share one follow-up run', async () => {
    const h = engineHarness();
    await h.engine.start();
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let inFlight = 0;
    let most = 0;
    h.transport.on('/api/sync', async () => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      if (h.transport.syncRequests().length === 1) await gate;
      inFlight -= 1;
      return { status: 200, body: h.transport.syncAnswer() };
    });
    const first = h.engine.syncNow();
    const second = h.engine.syncNow();
    const third = h.engine.fullResync();
    release();
    await Promise.all([first, second, third]);
    expect(most).toBe(1);
    expect(h.transport.syncRequests()).toHaveLength(2);
    // The queued run took the strongest request: a full re-sync from the epoch.
    expect(h.transport.lastSyncBody().lastSyncAt).toBeNull();
  });
});

describe('SyncEngine failures (spec section 8)', () => {
  const cases = [
    { status: 413, body: {}, code: 'too_large', message: syncMessages.tooLarge },
    { status: 503, body: {}, code: 'disabled', message: syncMessages.disabled },
    {
      status: 400,
      body: { userMessage: 'Your data is odd.' },
      code: 'client_error',
      message: 'Your data is odd.',
    },
    { status: 409, body: {}, code: 'client_error', message: 'Something went wrong. Please try again.' },
    { status: 500, body: {}, code: 'unexpected', message: syncMessages.unexpected },
  ] as const;
  for (const { status, body, code, message } of cases) {
    it(`SC16 a ${status} answer fails with '${message.slice(0, 40)}...'`, async () => {
      const h = engineHarness();
      h.transport.on('/api/sync', () => ({ status, body }));
      const snapshot = await h.engine.syncNow();
      expect(snapshot.failure).toMatchObject({ code, message });
      expect(h.reported).toHaveLength(code === 'unexpected' ? 1 : 0);
    });
  }

  it('SC16 no answer at all (offline, aborted) is the generic text, and the error is reported', async () => {
    const h = engineHarness();
    h.transport.on('/api/sync', () => Promise.reject(new TypeError('Failed to fetch')));
    const snapshot = await h.engine.syncNow();
    expect(snapshot.failure?.message).toBe(
      'Sorry, there has been a problem with the sync process. Open the Console might clarify the issue.',
    );
    expect(h.reported).toEqual([expect.any(TypeError)]);
  });

  it('SC16 an answer that does not parse is an unexpected failure', async () => {
    const h = engineHarness();
    h.transport.on('/api/sync', () => ({ status: 200, body: { hello: 'world' } }));
    expect((await h.engine.syncNow()).failure?.code).toBe('unexpected');
  });

  it('SC16 a 401 is the server message and says the session expired', async () => {
    const h = engineHarness();
    h.transport.on('/api/sync', () => ({ status: 401, body: { userMessage: 'Your session has expired.' } }));
    expect((await h.engine.syncNow()).failure).toMatchObject({
      message: 'Your session has expired.',
      sessionExpired: true,
    });
  });

  it('SC17 usage numbers in a 413 answer are applied and kept', async () => {
    const h = engineHarness();
    h.transport.on('/api/sync', () => ({
      status: 413,
      body: { userMessage: syncMessages.tooLarge, totalUsageBytes: 990, limitUsageBytes: 1000 },
    }));
    const snapshot = await h.engine.syncNow();
    expect(snapshot.stats).toMatchObject({ totalUsageBytes: 990, limitUsageBytes: 1000 });
    expect((await h.state()).stats).toMatchObject({ totalUsageBytes: 990 });
  });

  it('SC18 lastSyncAt is the server time and only moves on success', async () => {
    const h = engineHarness();
    const ok = await h.engine.syncNow();
    expect(ok.lastSyncAt).toBe('2026-01-01T00:00:01.000Z');
    h.transport.on('/api/sync', () => ({ status: 500, body: {} }));
    await h.engine.syncNow();
    expect((await h.state()).lastSyncAt).toBe('2026-01-01T00:00:01.000Z');
    h.transport.on('/api/sync', () => ({ status: 200, body: h.transport.syncAnswer() }));
    await h.engine.syncNow();
    expect(h.transport.lastSyncBody().lastSyncAt).toBe('2026-01-01T00:00:01.000Z');
  });
});
