import type { Clock, IdGenerator } from '@parley/core/platform';
import type { StoragePort } from '@parley/core/storage';
import { createContext, use, useEffect, type ReactNode } from 'react';
import type { EndpointApprovals } from './endpoint-approvals/endpoint-approvals';
import type { VaultStorage } from '../adapters/storage';
import type { KeyVaultStore } from './key-vault/key-vault-store';
import type { LicenseStore } from './license/license-store';
import type { ModelListsStore } from './model-lists/model-lists-store';
import type { SyncedSettingsStore } from './synced-settings-store';

/**
 * What features may use from the outside world: the local store, the network (provider calls go
 * straight from the browser), time and ids. The composition root gives the real ones, tests fakes.
 */
export type PlatformServices = {
  store: StoragePort;
  fetch: typeof fetch;
  clock: Clock;
  ids: IdGenerator;
};

/**
 * The state many features read, built once by the composition root and handed down by
 * <AppStateProvider>: the synced settings, the key vault (provider keys and custom-model secrets) and
 * the license. Nothing here is built when a module is imported.
 */
export type AppState = {
  services: PlatformServices;
  settings: SyncedSettingsStore;
  keyVault: KeyVaultStore;
  license: LicenseStore;
  /** Providers' live model lists (cached), decision 0033. */
  modelLists: ModelListsStore;
  /** The agent endpoints this device may call (DC7); never synced. */
  endpointApprovals: EndpointApprovals;
};

const AppStateContext = createContext<AppState | null>(null);

/** Provides `state`; while mounted, the key vault follows what other tabs write (`vault.subscribe`). */
export function AppStateProvider({
  state,
  vault,
  children,
}: {
  state: AppState;
  vault?: Pick<VaultStorage, 'subscribe'>;
  children: ReactNode;
}) {
  useEffect(() => vault?.subscribe?.(() => void state.keyVault.getState().reload()), [state, vault]);
  return <AppStateContext value={state}>{children}</AppStateContext>;
}

export function useAppState(): AppState {
  const state = use(AppStateContext);
  if (!state) throw new Error('useAppState must be used inside <AppStateProvider>');
  return state;
}

/** The local store, network, clock and ids. */
export function usePlatformServices(): PlatformServices {
  return useAppState().services;
}
