/**
 * Browser storage adapters: IndexedDB (through `idb`) first, localStorage as fallback, both implementing
 * the core StoragePort through the shared record store.
 */
export { openLocalStore } from './open-local-store';
export type { OpenLocalStoreOptions, StartupProblem } from './open-local-store';
export { probeIndexedDB, probeLocalStorage, selectStorageBackend } from './select-storage-backend';
export { createIndexedDbStore } from './local-stores';
export { createLocalStorageStore } from './local-storage-store';
export type { LocalStoreEngineOptions } from './local-stores';
export { dumpAllLocalData } from './local-data-dump';
export type { LocalDataDump } from './local-data-dump';
export { clearAllLocalData } from './clear-local-data';
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
export { openChatTableReader } from './chat-table-reader';
export type { ChatTableReader } from './chat-table-reader';
export {
  cacheKey,
  memoryModelListCache,
  MODEL_LIST_DATABASE_NAME,
  openModelListCache,
} from './model-list-cache';
export type { CachedModelList, ModelListCache } from './model-list-cache';
export { KEY_VAULT_STORAGE_KEY, localVaultStorage } from './vault-storage';
export type { VaultStorage } from './vault-storage';
export {
  ENDPOINT_APPROVALS_STORAGE_KEY,
  localApprovalStorage,
  memoryApprovalStorage,
} from './approval-storage';
export type { ApprovalStorage } from './approval-storage';
