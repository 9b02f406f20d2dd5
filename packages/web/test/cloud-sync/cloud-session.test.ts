import { FakeClock } from '@parley/core/platform';
import { createMemoryStore } from '@parley/core/storage';
import { describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '../support/memory-storage';
import { browserSyncScheduler, cloudSyncLocalData, CLOUD_SYNC_KEYS } from '../../src/adapters/sync';
import { createCloudSync } from '../../src/features/cloud-sync/cloud-sync-controller';
import { fakeSyncFetch } from './testing/fake-sync-fetch';

const credentials = { email: 'ada@example.com', password: 'correct horse battery' };

/** The controller over the fake server; `rotateOnSync` answers the next sync with a new token. */
function setup(options: { pageOrigin?: string; initial?: Record<string, string> } = {}) {
  const server = fakeSyncFetch();
  let rotateTo: string | undefined;
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const res = await server.fetch(input, init);
    if (!rotateTo || !String(input).endsWith('/api/sync')) return res;
    const headers = new Headers(res.headers);
    headers.set('Parley-Cloud-Token', rotateTo);
    rotateTo = undefined;
    return new Response(await res.text(), { status: res.status, headers });
  }) as typeof globalThis.fetch;
  const storage = memoryStorage(options.initial);
  const cloudSync = createCloudSync({
    store: createMemoryStore({ clock: new FakeClock() }),
    fetch,
    local: cloudSyncLocalData(() => storage),
    scheduler: browserSyncScheduler,
    defaultServerUrl: () => 'http://parley.test/',
    clearAllLocalData: async () => {},
    reload: vi.fn(),
    reportError: () => {},
    pageOrigin: () => options.pageOrigin,
  });
  return { server, storage, cloudSync, rotateOnSync: (token: string) => (rotateTo = token) };
}

describe('the cloud session (decision 0020)', () => {
  it('on the app’s own origin only the cookie holds the session: no token is kept or sent', async () => {
    const { server, storage, cloudSync } = setup({ pageOrigin: 'http://parley.test' });
    await cloudSync.signIn(credentials);
    expect(storage.getItem(CLOUD_SYNC_KEYS.token)).toBeNull();
    expect(storage.getItem(CLOUD_SYNC_KEYS.cookieSession)).toBe('true');
    expect(cloudSync.getState().email).toBe('ada@example.com');
    const sync = server.requests.find((request) => request.path === '/api/sync');
    expect(sync).toBeDefined();
    expect(sync?.headers).not.toHaveProperty('authorization');
  });

  it('keeps the bearer when the browser does not keep the cookie (a Secure cookie over http)', async () => {
    const { server, storage, cloudSync } = setup({ pageOrigin: 'http://parley.test' });
    server.answer('/api/hosted/users/self', {
      status: 401,
      body: { userMessage: 'Your session has expired.' },
    });
    await cloudSync.signIn(credentials);
    expect(storage.getItem(CLOUD_SYNC_KEYS.token)).toBe('"token-1"');
    expect(storage.getItem(CLOUD_SYNC_KEYS.cookieSession)).toBeNull();
  });

  it('moves a token an earlier version kept for the own origin to the cookie at start', async () => {
    const initial = { [CLOUD_SYNC_KEYS.token]: '"token-1"', [CLOUD_SYNC_KEYS.email]: '"ada@example.com"' };
    const { storage, cloudSync } = setup({ pageOrigin: 'http://parley.test', initial });
    await cloudSync.start();
    cloudSync.stop();
    expect(storage.getItem(CLOUD_SYNC_KEYS.token)).toBeNull();
    expect(cloudSync.getState().email).toBe('ada@example.com');
  });

  it('AU8 a server on another origin gets the bearer; a rotated token replaces it and the next sync uses it', async () => {
    const { server, storage, cloudSync, rotateOnSync } = setup({ pageOrigin: 'https://app.example' });
    rotateOnSync('token-2');
    await cloudSync.signIn(credentials);
    expect(storage.getItem(CLOUD_SYNC_KEYS.token)).toBe('"token-2"');
    await cloudSync.syncNow();
    const syncs = server.requests.filter((request) => request.path === '/api/sync');
    expect(syncs.map((request) => request.headers.authorization)).toEqual([
      'Bearer token-1',
      'Bearer token-2',
    ]);
    expect(syncs[1]?.body).toMatchObject({ lastSyncAt: expect.any(String) });
  });

  it('AU9 log out everywhere asks the server to revoke every token, then forgets the session', async () => {
    const { server, storage, cloudSync } = setup({ pageOrigin: 'http://parley.test' });
    server.answer('/api/auth/logout-all', { status: 200, body: { ok: true, revoked: 2 } });
    await cloudSync.signIn(credentials);
    await cloudSync.logout({ everywhere: true });
    expect(server.requests.map((request) => request.path)).toContain('/api/auth/logout-all');
    expect(storage.getItem(CLOUD_SYNC_KEYS.cookieSession)).toBeNull();
    expect(storage.getItem(CLOUD_SYNC_KEYS.email)).toBeNull();
  });
});
