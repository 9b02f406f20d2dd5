/** Browser adapters of cloud sync: the fetch transport, the local token and switches, timers. */
export {
  createFetchSyncTransport,
  DEFAULT_FETCH_TIMEOUT_MS,
  SYNC_FETCH_TIMEOUT_MS,
} from './fetch-sync-transport';
export type { FetchSyncTransportOptions } from './fetch-sync-transport';
export { cloudSyncLocalData, CLOUD_SYNC_KEYS, httpBaseUrl } from './cloud-sync-local-data';
export type { CloudSyncLocalData } from './cloud-sync-local-data';
export { browserSyncScheduler } from './browser-sync-scheduler';
export { createFetchSyncEvents } from './fetch-sync-events';
export type { FetchSyncEventsOptions } from './fetch-sync-events';
