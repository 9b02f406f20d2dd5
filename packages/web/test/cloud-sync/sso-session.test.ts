import { FakeClock } from '@parley/core/platform';
import { createMemoryStore } from '@parley/core/storage';
import { describe, expect, it, vi } from 'vitest';
import { browserSyncScheduler, cloudSyncLocalData, CLOUD_SYNC_KEYS } from '../../src/adapters/sync';
import { createCloudSync } from '../../src/features/cloud-sync/cloud-sync-controller';
import { memoryStorage } from '../support/memory-storage';
import { fakeSyncFetch } from './testing/fake-sync-fetch';

function setup() {
  const server = fakeSyncFetch();
  const storage = memoryStorage();
  const cloudSync = createCloudSync({
    store: createMemoryStore({ clock: new FakeClock() }),
    fetch: server.fetch as typeof fetch,
    local: cloudSyncLocalData(() => storage),
    scheduler: browserSyncScheduler,
    defaultServerUrl: () => 'http://parley.test/',
    clearAllLocalData: async () => {},
    reload: vi.fn(),
    reportError: () => {},
    pageOrigin: () => 'http://parley.test',
  });
  return { server, storage, cloudSync };
}

describe('back from single sign-on (server SSO3, decision 0112)', () => {
  it('the cookie the server set holds the session: the account is read through it, no token is kept, sync runs', async () => {
    const { server, storage, cloudSync } = setup();
    expect(cloudSync.getState().email).toBeNull();
    expect(await cloudSync.signInWithCookie()).toBe('ada@example.com');
    expect(cloudSync.getState()).toMatchObject({ email: 'ada@example.com', enabled: true });
    expect(storage.getItem(CLOUD_SYNC_KEYS.cookieSession)).toBe('true');
    expect(storage.getItem(CLOUD_SYNC_KEYS.token)).toBeNull();
    const sync = server.requests.find((request) => request.path === '/api/sync');
    expect(sync).toBeDefined();
    expect(sync?.headers).not.toHaveProperty('authorization');
  });

  it('no session behind the cookie (it did not stick): stays signed out and says so', async () => {
    const { server, storage, cloudSync } = setup();
    server.answer('/api/hosted/users/self', {
      status: 401,
      body: { userMessage: 'A valid cloud token is required.' },
    });
    await expect(cloudSync.signInWithCookie()).rejects.toThrow();
    expect(cloudSync.getState().email).toBeNull();
    expect(storage.getItem(CLOUD_SYNC_KEYS.cookieSession)).toBeNull();
  });
});
