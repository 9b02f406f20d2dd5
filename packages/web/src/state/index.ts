// The shared app-state layer: what any feature imports to get the platform services, the synced
// settings, the key vault, the license and lazy loading. Built by the composition root (app/).
export {
  AppStateProvider,
  useAppState,
  usePlatformServices,
  type AppState,
  type PlatformServices,
} from './app-state';
export { createAppState, type AppStateDeps } from './create-app-state';
export type { SyncedSettingsState, SyncedSettingsStore } from './synced-settings-store';
export { useSyncedSetting, useSyncedSettings, type SyncedSettingState } from './use-synced-setting';
export { createSyncedSettingsStore } from './synced-settings-store';
export {
  countUnencryptedKeys,
  DEFAULT_PROVIDER_ENDPOINTS,
  keyProviders,
  type KeyProvider,
} from './key-vault/key-vault-schema';
export type { KeyVaultState, KeyVaultStore } from './key-vault/key-vault-store';
export { useKeyVault, useKeyVaultStore } from './key-vault/use-key-vault';
export { browserVaultCrypto, IncorrectPasswordError } from './key-vault/vault-crypto';
export {
  KEY_EXPORT_FILE,
  openKeyExport,
  parseKeyExport,
  planKeyRestore,
  sealKeysForExport,
  type ExportedKeys,
  type KeyRestorePlan,
} from './key-vault/key-export';
export {
  customSecretsIn,
  providerAccessIn,
  useProviderAccess,
  type ProviderAccess,
} from './key-vault/provider-access';
export { useRecordList, useStoredRecords, type RecordArea, type StoredRecords } from './use-stored-records';
export { setSendKey, useSendKey, type SendKey } from './send-key';
export {
  providerOffered,
  setHostSettings,
  useHostSettings,
  useProviderOffered,
  type HostSettings,
} from './host-settings';
export {
  createModelListsStore,
  type ModelListsState,
  type ModelListsStore,
  type ModelListService,
  type ProviderModelList,
} from './model-lists/model-lists-store';
export { useModelLists, useModelListsStore } from './model-lists/use-model-lists';
export { useLicense, useLicenseStore } from './license/use-license';
export type { LicenseStore, LicenseStoreState } from './license/license-store';
export {
  createLicenseClient,
  type LicenseClient,
  type LicenseLocalData,
  type LicenseProblem,
  type LicenseSnapshot,
} from './license/license-client';
export {
  createLicenseApi,
  type LicenseDevice,
  type LicenseDeviceList,
  type LicensePublicJwk,
} from './license/license-api';
export { editionLicenseState } from './license/license-edition';
export { LicenseClientError, type LicenseErrorCode } from './license/license-errors';
export {
  booleanValue,
  browserLocalStorage,
  httpUrl,
  localPref,
  nonEmptyString,
  type LocalPref,
  type LocalPrefOptions,
  type PrefStorage,
} from '../lib/local-pref';
export { retryingImport, type RetryOptions } from '../lib/retrying-import';
export {
  afterFirstScreen,
  awaitFirstScreenParts,
  deferred,
  firstScreenPartShown,
  prefetchAfterFirstScreen,
  useDeferred,
  type Deferred,
  type FirstScreenPart,
} from '../lib/deferred';
export { withStrings } from '../i18n';
export { lazyPart, type LazyPartComponent, type LazyPartOptions, type LazyPartProps } from '../lib/lazy-part';
export { createEndpointApprovals, type EndpointApprovals } from './endpoint-approvals/endpoint-approvals';
export { useEndpointApprovals } from './endpoint-approvals/use-endpoint-approvals';
