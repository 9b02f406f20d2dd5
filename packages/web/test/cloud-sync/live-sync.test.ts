import { FakeClock } from '@parley/core/platform';
import { createMemoryStore } from '@parley/core/storage';
import { syncMessages, SYNC_PROTOCOL_HEADER, SYNC_PROTOCOL_VERSION } from '@parley/core/sync';
import { describe, expect, it, vi } from 'vitest';
import { browserSyncScheduler, cloudSyncLocalData, CLOUD_SYNC_KEYS } from '../../src/adapters/sync';
import { createCloudSync } from '../../src/features/cloud-sync/cloud-sync-controller';
import { syncFailureText } from '../../src/features/cloud-sync/sync-failure-text';
import { createI18n } from '../../src/i18n';
import { memoryStorage } from '../support/memory-storage';
import { fakeSyncFetch } from './testing/fake-sync-fetch';

function setup() {
  const server = fakeSyncFetch();
  let visible = true;
  const cloudSync = createCloudSync({
    store: createMemoryStore({ clock: new FakeClock() }),
    fetch: server.fetch,
    local: cloudSyncLocalData(() =>
      memoryStorage({ [CLOUD_SYNC_KEYS.token]: '"token-1"', [CLOUD_SYNC_KEYS.email]: '"ada@example.com"' }),
    ),
    scheduler: browserSyncScheduler,
    defaultServerUrl: () => 'http://parley.test/',
    clearAllLocalData: async () => {},
    reload: () => {},
    reportError: () => {},
    canListen: () => visible,
    random: () => 0,
  });
  const syncCalls = () => server.requests.filter((request) => request.path === '/api/sync');
  return {
    server,
    cloudSync,
    syncCalls,
    setVisible(value: boolean) {
      visible = value;
      cloudSync.refreshLive();
    },
  };
}

describe('live cloud sync in the browser', () => {
  it('SC34 SC36 another device’s change is pulled without any action while the page is seen; hidden, the stream closes', async () => {
    const { server, cloudSync, syncCalls, setVisible } = setup();
    await cloudSync.start();
    await vi.waitFor(() => expect(server.openStreams).toBe(1));
    await cloudSync.syncNow();
    const before = syncCalls().length;
    // PR11: every call names the protocol version.
    expect(syncCalls()[0]!.headers[SYNC_PROTOCOL_HEADER]).toBe(String(SYNC_PROTOCOL_VERSION));

    // Older than this device's last sync: nothing to pull.
    server.notify('2026-05-01T09:00:00.000Z');
    server.notify('2099-01-01T00:00:00.000Z');
    await vi.waitFor(() => expect(syncCalls()).toHaveLength(before + 1), { timeout: 2000 });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(syncCalls()).toHaveLength(before + 1);

    setVisible(false);
    await vi.waitFor(() => expect(server.openStreams).toBe(0));
    setVisible(true);
    await vi.waitFor(() => expect(server.openStreams).toBe(1));
    cloudSync.stop();
    await vi.waitFor(() => expect(server.openStreams).toBe(0));
  });

  it('PR11 SC36 a server that refuses this page’s protocol shows the reload message', async () => {
    const { server, cloudSync } = setup();
    const refusal = {
      status: 426,
      body: {
        error: { code: 'incompatible:client_too_old', message: 'old' },
        userMessage: syncMessages.incompatible,
      },
    };
    server.answer('/api/sync', refusal);
    server.answer('/api/sync/events', refusal);
    await cloudSync.start();
    // The refused stream pulls once, which fails with the reason.
    await vi.waitFor(() => expect(cloudSync.getState().sync.failure?.code).toBe('incompatible'));
    const i18n = createI18n();
    expect(syncFailureText(i18n.t, cloudSync.getState().sync.failure!)).toBe(
      'Parley was updated: reload the page to keep syncing.',
    );
    cloudSync.stop();
  });
});
