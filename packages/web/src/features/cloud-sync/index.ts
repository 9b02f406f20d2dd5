// Cloud sync's code is a chunk of its own: the composition root imports './browser-cloud-sync' lazily.
export {
  CloudSyncProvider,
  CloudSyncReady,
  useCloudSync,
  useCloudSyncState,
  useOrg,
} from './cloud-sync-context';
export { useSyncServerGiven } from './default-sync-server';
export { syncFailureText } from './sync-failure-text';
export { CloudSyncSection } from './CloudSyncSection';
export { SyncStatusIndicator } from './SyncStatusIndicator';
