import type { SyncStatus } from '@parley/core/sync-client';
import type { CloudSyncState } from './cloud-sync-controller';

/** What the status display shows: the engine's status, or "off" when this device does not sync. */
export type SyncStatusView = SyncStatus | 'off';

export function syncStatusView(state: Pick<CloudSyncState, 'enabled' | 'sync'>): SyncStatusView {
  return state.enabled ? state.sync.status : 'off';
}
