// Cloud sync's code is a chunk of its own: the composition root imports './browser-cloud-sync' lazily.
export { CloudSyncProvider, CloudSyncReady } from './cloud-sync-context';
export { CloudSyncSection } from './CloudSyncSection';
export { SyncStatusIndicator } from './SyncStatusIndicator';
