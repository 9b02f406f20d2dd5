import { describe, expect, it } from 'vitest';
import {
  isRetryableFailure,
  retryDelayMs,
  SYNC_RETRY_FIRST_MS,
  SYNC_RETRY_MAX_MS,
} from '../../src/sync-client/sync-retry';
import { engineHarness, sentChatIds, testChat } from '../../src/sync-client/test-support/engine-harness';
import { settle, tabsHarness } from '../../src/sync-client/test-support/tab-harness';

const offline = () => Promise.reject(new TypeError('Failed to fetch'));

/** A started engine whose first sync failed with no answer (offline). */
async function failedWhileOffline() {
  const h = engineHarness();
  await h.engine.start();
  h.transport.on('/api/sync', offline);
  await h.store.chats.put(testChat('ch-offline'));
  const failed = h.until('error');
  h.scheduler.advance(1000);
  await failed;
  return h;
}

describe('SC27 a failure that may pass is retried with backoff', () => {
  it('SC27 waits 5 s, then twice as long each time, at most 5 min', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(retryDelayMs)).toEqual([
      5_000, 10_000, 20_000, 40_000, 80_000, 160_000, 300_000, 300_000,
    ]);
    expect(SYNC_RETRY_FIRST_MS).toBe(5_000);
    expect(SYNC_RETRY_MAX_MS).toBe(300_000);
  });

  it('SC27 offline, then the network is back: the retry syncs and clears the error without a click', async () => {
    const h = await failedWhileOffline();
    expect(h.engine.getSnapshot()).toMatchObject({ status: 'error', failure: { code: 'unexpected' } });
    // Still offline at the first retry: it fails again, the next wait is twice as long.
    h.scheduler.advance(SYNC_RETRY_FIRST_MS - 1);
    expect(h.transport.syncRequests()).toHaveLength(1);
    let again = h.until('error');
    h.scheduler.advance(1);
    await again;
    expect(h.transport.syncRequests()).toHaveLength(2);

    h.transport.on('/api/sync', () => ({ status: 200, body: h.transport.syncAnswer() }));
    h.scheduler.advance(2 * SYNC_RETRY_FIRST_MS - 1);
    expect(h.transport.syncRequests()).toHaveLength(2);
    again = h.until('ready');
    h.scheduler.advance(1);
    const ok = await again;
    expect(ok).toMatchObject({ status: 'ready', failure: null });
    expect(sentChatIds(h.transport.lastSyncBody())).toEqual(['ch-offline']);
    // A success ends the backoff: nothing more is waiting.
    expect(h.scheduler.pending).toBe(0);
  });

  it('SC27 the status keeps the error and its text until the retry runs', async () => {
    const h = await failedWhileOffline();
    h.scheduler.advance(SYNC_RETRY_FIRST_MS - 1);
    expect(h.engine.getSnapshot().status).toBe('error');
    expect(h.scheduler.pending).toBe(1);
  });

  it('SC27 a success after a long outage starts the backoff over at 5 s', async () => {
    const h = await failedWhileOffline();
    for (const wait of [5_000, 10_000, 20_000]) {
      const failed = h.until('error');
      h.scheduler.advance(wait);
      await failed;
    }
    h.transport.on('/api/sync', () => ({ status: 200, body: h.transport.syncAnswer() }));
    const ok = h.until('ready');
    h.scheduler.advance(40_000);
    await ok;
    h.transport.on('/api/sync', offline);
    await h.engine.syncNow();
    h.transport.on('/api/sync', () => ({ status: 200, body: h.transport.syncAnswer() }));
    const back = h.until('ready');
    h.scheduler.advance(5_000);
    await back;
  });

  it('SC27 a 413 or a 401 is not retried: it would fail the same way', async () => {
    for (const status of [413, 401, 400]) {
      const h = engineHarness();
      await h.engine.start();
      h.transport.on('/api/sync', () => ({ status, body: {} }));
      await h.engine.syncNow();
      expect(h.engine.getSnapshot().status).toBe('error');
      expect(h.scheduler.pending).toBe(0);
    }
  });

  it('SC27 which failures may pass', () => {
    const failure = (code: 'unexpected' | 'disabled' | 'too_large' | 'client_error', status?: number) => ({
      code,
      message: '',
      sessionExpired: false,
      ...(status ? { status } : {}),
    });
    expect(isRetryableFailure(failure('unexpected'))).toBe(true);
    expect(isRetryableFailure(failure('unexpected', 502))).toBe(true);
    expect(isRetryableFailure(failure('disabled', 503))).toBe(true);
    expect(isRetryableFailure(failure('client_error', 429))).toBe(true);
    expect(isRetryableFailure(failure('client_error', 408))).toBe(true);
    expect(isRetryableFailure(failure('client_error', 400))).toBe(false);
    expect(isRetryableFailure(failure('too_large', 413))).toBe(false);
  });

  it('SC27 a stopped engine retries nothing', async () => {
    const h = await failedWhileOffline();
    h.engine.stop();
    expect(h.scheduler.pending).toBe(0);
  });
});

describe('SC28 coming back online syncs again', () => {
  it('SC28 the online event syncs 1 s later, without waiting for the backoff', async () => {
    const h = await failedWhileOffline();
    // A long outage: the next retry is far away.
    for (const wait of [5_000, 10_000, 20_000, 40_000]) {
      const failed = h.until('error');
      h.scheduler.advance(wait);
      await failed;
    }
    h.transport.on('/api/sync', () => ({ status: 200, body: h.transport.syncAnswer() }));
    const requests = h.transport.syncRequests().length;
    await settle();
    h.engine.networkBack();
    expect(h.engine.getSnapshot().status).toBe('scheduled');
    const ok = h.until('ready');
    h.scheduler.advance(1000);
    expect((await ok).failure).toBeNull();
    expect(h.transport.syncRequests()).toHaveLength(requests + 1);
    expect(h.scheduler.pending).toBe(0);
  });

  it('SC28 a flapping connection costs one sync', async () => {
    const h = await failedWhileOffline();
    h.transport.on('/api/sync', () => ({ status: 200, body: h.transport.syncAnswer() }));
    h.engine.networkBack();
    h.scheduler.advance(500);
    h.engine.networkBack();
    h.engine.networkBack();
    const ok = h.until('ready');
    h.scheduler.advance(1000);
    await ok;
    expect(h.transport.syncRequests()).toHaveLength(2);
  });

  it('SC28 SC2 a later change after a failure syncs again and clears the error', async () => {
    const h = await failedWhileOffline();
    h.transport.on('/api/sync', () => ({ status: 200, body: h.transport.syncAnswer() }));
    h.tick();
    await h.store.chats.put(testChat('ch-later'));
    const ok = h.until('ready');
    h.scheduler.advance(1000);
    expect(await ok).toMatchObject({ failure: null });
    expect(sentChatIds(h.transport.lastSyncBody()).sort()).toEqual(['ch-later', 'ch-offline']);
  });

  it('SC28 only the tab that syncs acts on it; a follower leaves it to the leader', async () => {
    const h = tabsHarness();
    const a = h.openTab('a');
    const b = h.openTab('b');
    await a.engine.start();
    await settle();
    await b.engine.start();
    await settle();
    b.engine.networkBack();
    expect(b.scheduler.pending).toBe(0);
    a.engine.networkBack();
    expect(a.scheduler.pending).toBe(1);
  });
});
