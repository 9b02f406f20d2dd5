import { FakeClock } from '@parley/core/platform';
import { createMemoryStore } from '@parley/core/storage';
import { syncMessages } from '@parley/core/sync';
import { LEADER_UNRESPONSIVE_MESSAGE } from '@parley/core/sync-client';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '../support/memory-storage';
import { browserSyncScheduler, cloudSyncLocalData, CLOUD_SYNC_KEYS } from '../../src/adapters/sync';
import { createI18n } from '../../src/i18n';
import en from '../../src/i18n/locales/en.json';
import { createCloudSync } from '../../src/features/cloud-sync/cloud-sync-controller';
import { CloudSyncProvider } from '../../src/features/cloud-sync/cloud-sync-context';
import { CloudSyncSection } from '../../src/features/cloud-sync/CloudSyncSection';
import { SyncStatusIndicator } from '../../src/features/cloud-sync/SyncStatusIndicator';
import { fakeSyncFetch } from './testing/fake-sync-fetch';

function setup(initial: Record<string, string> = {}) {
  const server = fakeSyncFetch();
  const storage = memoryStorage(initial);
  const store = createMemoryStore({ clock: new FakeClock() });
  const clearAllLocalData = vi.fn(async () => {});
  const reload = vi.fn();
  const onFailure = vi.fn();
  const cloudSync = createCloudSync({
    store,
    fetch: server.fetch,
    local: cloudSyncLocalData(() => storage),
    scheduler: browserSyncScheduler,
    defaultServerUrl: () => 'http://parley.test/',
    clearAllLocalData,
    reload,
    reportError: () => {},
    onFailure,
  });
  render(
    <I18nextProvider i18n={createI18n()}>
      <CloudSyncProvider cloudSync={cloudSync}>
        <SyncStatusIndicator />
        <CloudSyncSection />
      </CloudSyncProvider>
    </I18nextProvider>,
  );
  return { server, storage, store, cloudSync, clearAllLocalData, reload, onFailure };
}

const signedIn = { [CLOUD_SYNC_KEYS.token]: '"token-1"', [CLOUD_SYNC_KEYS.email]: '"ada@example.com"' };

describe('the cloud sync texts', () => {
  it('SC16 SC25 PR11 en.json carries the exact texts of spec section 8 and of a silent leader tab', () => {
    expect(en.cloudSync.errors).toEqual({
      tooLarge: syncMessages.tooLarge,
      disabled: syncMessages.disabled,
      otherClientError: syncMessages.otherClientError,
      unexpected: syncMessages.unexpected,
      userFetchFailed: syncMessages.userFetchFailed,
      leaderUnresponsive: LEADER_UNRESPONSIVE_MESSAGE,
      incompatible: syncMessages.incompatible,
    });
  });
});

describe('Settings > Cloud Sync', () => {
  it('signs up on this app’s server, keeps the token locally and runs the first sync from the epoch', async () => {
    const { server, storage } = setup();
    const user = userEvent.setup();
    expect(screen.getByText('http://parley.test')).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: 'Create account' }));
    await user.type(screen.getByLabelText('Email'), 'Ada@Example.com ');
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Create account and sync' }));
    expect(screen.getByText('Use at least 8 characters.')).toBeTruthy();
    expect(server.requests).toEqual([]);

    await user.type(screen.getByLabelText('Password'), ' but long now');
    await user.click(screen.getByRole('button', { name: 'Create account and sync' }));
    expect(await screen.findByText('ada@example.com')).toBeTruthy();
    expect(storage.getItem(CLOUD_SYNC_KEYS.token)).toBe('"token-1"');
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'Sync status' }).textContent).toContain('Synced'),
    );
    const signup = server.requests.find((request) => request.path === '/api/auth/signup');
    expect(signup?.body).toEqual({ email: 'ada@example.com', password: 'short but long now' });
    const sync = server.requests.find((request) => request.path === '/api/sync');
    expect(sync?.headers.authorization).toBe('Bearer token-1');
    expect(sync?.body).toMatchObject({ lastSyncAt: null });
    expect(screen.getByText('1.5 KB of 100 MB')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cloud sync: Synced' })).toBeTruthy();
  });

  it("shows the server's message when sign-in is refused", async () => {
    const { server } = setup();
    server.answer('/api/auth/login', { status: 401, body: { userMessage: 'Incorrect email or password.' } });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong password');
    await user.click(screen.getByRole('button', { name: 'Sign in and sync' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Incorrect email or password.');
  });

  it('SC16 a failed sync shows the exact spec text on the status and on the indicator', async () => {
    const { server, cloudSync, onFailure } = setup(signedIn);
    server.answer('/api/sync', { status: 503, body: {} });
    await act(() => cloudSync.syncNow());
    expect(screen.getByRole('status', { name: 'Sync status' }).textContent).toContain(syncMessages.disabled);
    expect(
      screen.getByRole('button', { name: `Cloud sync: Sync failed. ${syncMessages.disabled}` }),
    ).toBeTruthy();
    expect(onFailure).toHaveBeenCalledWith(expect.objectContaining({ code: 'disabled' }));
  });

  it('SC27 SC28 back online, a failed sync goes again by itself and the status is clean; one toast per failure', async () => {
    const { server, cloudSync, onFailure } = setup(signedIn);
    await waitFor(() => expect(cloudSync.getState().sync.status).toBe('ready'));
    server.answer('/api/sync', { status: 502, body: {} });
    await act(() => cloudSync.syncNow());
    await act(() => cloudSync.syncNow());
    expect(
      screen.getByRole('button', { name: `Cloud sync: Sync failed. ${syncMessages.unexpected}` }),
    ).toBeTruthy();
    // The same failure twice in a row (retries while offline) is told once.
    expect(onFailure).toHaveBeenCalledTimes(1);

    const at = '2026-05-01T11:00:00.000Z';
    const stats = { lastSyncAt: at, totalUsageBytes: 1536, limitUsageBytes: 104857600 };
    server.answer('/api/sync', {
      status: 200,
      body: {
        ...stats,
        isPaid: false,
        maxSyncPayloadSize: 3_000_000,
        syncStats: { ...stats, subscriptions: [], isPaid: false, apis: [] },
      },
    });
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cloud sync: Synced' })).toBeTruthy(), {
      timeout: 3000,
    });
    expect(cloudSync.getState().sync.failure).toBeNull();
  });

  it('logs out only after confirming: revokes the token, clears local data and reloads', async () => {
    const { server, storage, clearAllLocalData, reload } = setup(signedIn);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Log out' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Log out of cloud sync?' });
    expect(dialog.textContent).toContain('clears all local data on this device');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(clearAllLocalData).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Log out' }));
    await user.click(screen.getByRole('button', { name: 'Log out and clear this device' }));
    await waitFor(() => expect(reload).toHaveBeenCalled());
    expect(clearAllLocalData).toHaveBeenCalled();
    expect(storage.getItem(CLOUD_SYNC_KEYS.token)).toBeNull();
    expect(server.requests.some((request) => request.path === '/api/auth/logout')).toBe(true);
  });

  it('a server URL override is kept locally and used for every call', async () => {
    const { server, storage } = setup();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Change server' }));
    const field = screen.getByLabelText('Server URL');
    await user.clear(field);
    await user.type(field, 'ftp://nope');
    await user.click(screen.getByRole('button', { name: 'Use this server' }));
    expect(screen.getByText('Enter an address that starts with http:// or https://.')).toBeTruthy();
    await user.clear(field);
    await user.type(field, 'https://sync.example.com/');
    await user.click(screen.getByRole('button', { name: 'Use this server' }));
    expect(storage.getItem(CLOUD_SYNC_KEYS.serverUrl)).toBe('"https://sync.example.com"');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'long enough');
    await user.click(screen.getByRole('button', { name: 'Sign in and sync' }));
    await screen.findByText('ada@example.com');
    expect(server.requests[0]).toMatchObject({ origin: 'https://sync.example.com', path: '/api/auth/login' });
  });
});

describe('an expired session', () => {
  it('SC16 a 401 shows the server message and the sign-in form again, keeping local data', async () => {
    const { server, cloudSync, storage, clearAllLocalData } = setup(signedIn);
    server.answer('/api/sync', { status: 401, body: { userMessage: 'Your session has expired.' } });
    await act(() => cloudSync.syncNow());
    expect(await screen.findByRole('button', { name: 'Sign in and sync' })).toBeTruthy();
    expect(storage.getItem(CLOUD_SYNC_KEYS.token)).toBeNull();
    expect(clearAllLocalData).not.toHaveBeenCalled();
    expect(cloudSync.getState().sync.failure?.message).toBe('Your session has expired.');
  });
});
