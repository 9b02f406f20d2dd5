import { LEADER_SILENCE_MS, LEADER_UNRESPONSIVE_MESSAGE, SYNC_LEADER_LOCK } from '@parley/core/sync-client';
import { FakeScheduler } from '@parley/core/sync-client/test-support';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../src/i18n';
import { CloudSyncProvider } from '../../src/features/cloud-sync/cloud-sync-context';
import { CloudSyncSection } from '../../src/features/cloud-sync/CloudSyncSection';
import {
  browserProfile,
  frozenTabChannel,
  signedInAccount,
  type BrowserTabOptions,
} from './testing/browser-profile';

/** A leader tab that holds the lock but is frozen, and a follower `b` with fake timers. */
async function frozenLeader(options: BrowserTabOptions = {}) {
  const profile = browserProfile(signedInAccount);
  const a = profile.openTab({ channel: frozenTabChannel });
  await a.cloudSync.start();
  await vi.waitFor(() => expect(a.syncCalls()).toHaveLength(1));
  const timers = new FakeScheduler();
  const b = profile.openTab({ scheduler: timers, ...options });
  return { profile, a, b, timers };
}

function renderSettings(cloudSync: ReturnType<ReturnType<typeof browserProfile>['openTab']>['cloudSync']) {
  render(
    <I18nextProvider i18n={createI18n()}>
      <CloudSyncProvider cloudSync={cloudSync}>
        <CloudSyncSection />
      </CloudSyncProvider>
    </I18nextProvider>,
  );
}

const statusText = () => screen.getByRole('status', { name: 'Sync status' }).textContent;

describe('SC25 Settings > Cloud Sync in a tab whose leader tab is frozen', () => {
  it('Sync now takes the lead after the silence, syncs here, and the old leader steps down', async () => {
    const { profile, a, b, timers } = await frozenLeader();
    await b.cloudSync.start();
    expect(b.cloudSync.engine.tabRole).toBe('follower');
    const asked = b.cloudSync.syncNow();
    await act(async () => timers.advance(LEADER_SILENCE_MS));
    expect((await asked).status).toBe('ready');
    expect(b.cloudSync.engine.tabRole).toBe('leader');
    expect(b.syncCalls().length).toBeGreaterThan(0);
    expect(profile.locks.isHeld(SYNC_LEADER_LOCK)).toBe(true);
    // The browser told a its lock was taken (an AbortError): it follows now and syncs no more.
    await vi.waitFor(() => expect(a.cloudSync.engine.tabRole).toBe('follower'));
    expect(a.syncCalls()).toHaveLength(1);
  });

  it('the panel shows the sync running, then done, and answers the next click', async () => {
    const { b, timers } = await frozenLeader();
    renderSettings(b.cloudSync);
    const user = userEvent.setup();
    await waitFor(() => expect(b.cloudSync.engine.tabRole).toBe('follower'));
    await user.click(screen.getByRole('button', { name: 'Sync now' }));
    expect(statusText()).toContain('Syncing');
    await act(async () => timers.advance(LEADER_SILENCE_MS));
    await waitFor(() => expect(statusText()).toContain('Synced'));
    const calls = b.syncCalls().length;
    await user.click(screen.getByRole('button', { name: 'Sync now' }));
    await waitFor(() => expect(b.syncCalls()).toHaveLength(calls + 1));
  });

  it('a hidden tab does not take over: the request ends in the failure text, and clicks work again', async () => {
    const onFailure = vi.fn();
    const { a, b, timers } = await frozenLeader({ isVisible: () => false, onFailure });
    renderSettings(b.cloudSync);
    const user = userEvent.setup();
    await waitFor(() => expect(b.cloudSync.engine.tabRole).toBe('follower'));
    await user.click(screen.getByRole('button', { name: 'Sync now' }));
    await act(async () => timers.advance(LEADER_SILENCE_MS));
    await waitFor(() => expect(statusText()).toContain(LEADER_UNRESPONSIVE_MESSAGE));
    expect(onFailure).toHaveBeenCalledWith(expect.objectContaining({ code: 'leader_unresponsive' }));
    expect(b.cloudSync.engine.tabRole).toBe('follower');
    expect(b.syncCalls()).toEqual([]);
    expect(a.cloudSync.engine.tabRole).toBe('leader');

    // Not busy any more: the next click is a new request (it shows as running again).
    await user.click(screen.getByRole('button', { name: 'Sync now' }));
    expect(statusText()).toContain('Syncing');
  });

  it('Create backup fails with that text instead of waiting for ever', async () => {
    const { b, timers } = await frozenLeader({ isVisible: () => false });
    await b.cloudSync.start();
    const backup = b.cloudSync.createBackup().then(
      () => null,
      (error: unknown) => error,
    );
    await act(async () => timers.advance(LEADER_SILENCE_MS));
    expect(await backup).toMatchObject({ failure: { code: 'leader_unresponsive' } });
    expect(b.server.requests).toEqual([]);
  });
});
