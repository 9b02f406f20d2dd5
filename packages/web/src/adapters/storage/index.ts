/**
 * Browser storage adapters: IndexedDB (through `idb`) first, localStorage as fallback, both implementing
 * the core StoragePort through the shared record store.
 */
export { openLocalStore } from './open-local-store';
export type { OpenLocalStoreOptions, StartupProblem } from './open-local-store';
export { probeIndexedDB, probeLocalStorage, selectStorageBackend } from './select-storage-backend';
export { createIndexedDbStore, createLocalStorageStore } from './local-stores';
export type { LocalStoreEngineOptions } from './local-stores';
export { dumpAllLocalData } from './local-data-dump';
export type { LocalDataDump } from './local-data-dump';
export { clearAllLocalData, CLEAR_ALL_DATA_MESSAGE, MACOS_MESSAGE_HANDLER } from './clear-local-data';
export type { ClearAllLocalDataOptions } from './clear-local-data';
export {
  browserStorageEnvironment,
  PARLEY_DATABASE_NAME,
  SNAPSHOT_DATABASE_NAME,
} from './browser-environment';
export type { BrowserStorageEnvironment } from './browser-environment';
export { openParleyDatabase, PARLEY_IDB_VERSION, PARLEY_SCHEMA_VERSION } from './parley-idb';
export type { ParleyDatabase } from './parley-idb';
export { IndexedDbEngine } from './idb-engine';
export { LocalStorageEngine } from './local-storage-engine';
export { hasLocalStorageRecords, recordKey } from './local-storage-keys';
export * from './snapshots';
