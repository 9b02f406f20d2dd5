import { memoryApprovalStorage, type ApprovalStorage, type VaultStorage } from '../adapters/storage';
import type { AppState, PlatformServices } from './app-state';
import { createEndpointApprovals } from './endpoint-approvals/endpoint-approvals';
import { createKeyVaultStore } from './key-vault/key-vault-store';
import { browserVaultCrypto, type VaultCrypto } from './key-vault/vault-crypto';
import type { LicenseClient } from './license/license-client';
import { createLicenseStore } from './license/license-store';
import { retryingImport } from '../lib/retrying-import';
import { createModelListsStore, type ModelListsStore } from './model-lists/model-lists-store';
import { createSyncedSettingsStore } from './synced-settings-store';

// Apart from app-state.tsx so that the hooks, which lazily loaded screens use too, reach only the
// context: the stores are reached from the composition root alone (one first-load chunk).
export type AppStateDeps = PlatformServices & {
  /** Where the key vault's entry is kept: localStorage in the app, a variable in tests. */
  vault: VaultStorage;
  vaultCrypto?: VaultCrypto;
  /** Where this device's approved agent endpoints are kept: localStorage in the app (DC7). */
  approvals?: ApprovalStorage;
  /** The license client; in the app a lazily loaded chunk. */
  licenseClient: () => Promise<LicenseClient>;
};

export function createAppState({
  vault,
  vaultCrypto,
  approvals,
  licenseClient,
  ...services
}: AppStateDeps): AppState {
  const keyVault = createKeyVaultStore(vault, vaultCrypto ?? browserVaultCrypto());
  // The fetching, validating and caching code is a chunk of its own, loaded on first refresh.
  const modelLists: ModelListsStore = createModelListsStore(() =>
    retryingImport(() => import('./model-lists/model-list-loader')).then((m) =>
      m.loadModelListService(modelLists, services, keyVault),
    ),
  );
  return {
    services,
    settings: createSyncedSettingsStore(services.store),
    keyVault,
    license: createLicenseStore(licenseClient),
    modelLists,
    endpointApprovals: createEndpointApprovals(approvals ?? memoryApprovalStorage()),
  };
}
