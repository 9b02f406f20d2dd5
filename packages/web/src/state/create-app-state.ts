import type { AppState, PlatformServices } from './app-state';
import { createKeyVaultStore, type VaultStorage } from './key-vault/key-vault-store';
import { browserVaultCrypto, type VaultCrypto } from './key-vault/vault-crypto';
import type { LicenseClient } from './license/license-client';
import { createLicenseStore } from './license/license-store';
import { createSyncedSettingsStore } from './synced-settings-store';

// Apart from app-state.tsx so that the hooks, which lazily loaded screens use too, reach only the
// context: the stores are reached from the composition root alone (one first-load chunk).
export type AppStateDeps = PlatformServices & {
  /** Where the key vault's entry is kept: localStorage in the app, a variable in tests. */
  vault: VaultStorage;
  vaultCrypto?: VaultCrypto;
  /** The license client; in the app a lazily loaded chunk. */
  licenseClient: () => Promise<LicenseClient>;
};

export function createAppState({ vault, vaultCrypto, licenseClient, ...services }: AppStateDeps): AppState {
  return {
    services,
    settings: createSyncedSettingsStore(services.store),
    keyVault: createKeyVaultStore(vault, vaultCrypto ?? browserVaultCrypto()),
    license: createLicenseStore(licenseClient),
  };
}
