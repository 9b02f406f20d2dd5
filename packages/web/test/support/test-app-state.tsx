import { FakeClock, SequentialIdGenerator } from '@parley/core/platform';
import { createMemoryStore } from '@parley/core/storage';
import type { ReactNode } from 'react';
import { localVaultStorage, memoryApprovalStorage } from '../../src/adapters/storage';
import { createKeyVaultStore } from '../../src/state/key-vault/key-vault-store';
import { browserVaultCrypto } from '../../src/state/key-vault/vault-crypto';
import { createLicenseStore, type LicenseStore } from '../../src/state/license/license-store';
import { createSyncedSettingsStore } from '../../src/state/synced-settings-store';
import { createModelListsStore } from '../../src/state/model-lists/model-lists-store';
import {
  AppStateProvider,
  createEndpointApprovals,
  type AppState,
  type LicenseClient,
  type PlatformServices,
} from '../../src/state';

/**
 * The key vault the tests of one file share, over jsdom's localStorage (as the app's is over the
 * browser's); tests reset it with forgetKeys() and localStorage.clear().
 */
export const keyVaultStore = createKeyVaultStore(localVaultStorage(window), browserVaultCrypto());

/** The browser license client, loaded on demand as the app does (its fetches fail in unit tests). */
export const browserLicenseClient = (): Promise<LicenseClient> =>
  import('../../src/features/license/license-browser-client').then((m) => m.createBrowserLicenseClient());

let currentLicense: LicenseStore | undefined;

/** The license store tests render with: the one a test installed, else one over the browser client. */
export function testLicenseStore(): LicenseStore {
  return (currentLicense ??= createLicenseStore(browserLicenseClient));
}

/** Makes `store` the license store that renders from now on (see license-test-kit). */
export function setTestLicenseStore(store: LicenseStore) {
  currentLicense = store;
}

/** Read-only access to the current test license store, shaped like the store's own getState. */
export const useLicenseStore = { getState: () => testLicenseStore().getState() };

export function testPlatformServices(overrides: Partial<PlatformServices> = {}): PlatformServices {
  const clock = new FakeClock();
  return {
    store: createMemoryStore({ clock }),
    fetch: async () => {
      throw new TypeError('no network in unit tests');
    },
    clock,
    ids: new SequentialIdGenerator('test'),
    ...overrides,
  };
}

/** App state for a test: a memory store, the shared test vault and the current license store. */
export function testAppState(overrides: Partial<AppState> = {}): AppState {
  const services = overrides.services ?? testPlatformServices();
  return {
    services,
    settings: overrides.settings ?? createSyncedSettingsStore(services.store),
    keyVault: overrides.keyVault ?? keyVaultStore,
    license: overrides.license ?? testLicenseStore(),
    // No live lists unless a test attaches a service: the picker shows the catalogue.
    modelLists:
      overrides.modelLists ?? createModelListsStore(() => Promise.resolve({ refresh: async () => {} })),
    endpointApprovals: overrides.endpointApprovals ?? createEndpointApprovals(memoryApprovalStorage()),
  };
}

export function WithAppState({ state, children }: { state?: AppState; children: ReactNode }) {
  return <AppStateProvider state={state ?? testAppState()}>{children}</AppStateProvider>;
}
