import type { CustomSecrets } from '@parley/core/models';
import { useCallback } from 'react';
import { DEFAULT_PROVIDER_ENDPOINTS, type KeyProvider } from './key-vault-schema';
import type { KeyVaultState } from './key-vault-store';
import { useKeyVault } from './use-key-vault';

/**
 * The credentials seam the chat feature codes against: the current key and endpoint of a provider.
 * Keys live only in this browser and go only to their own provider's endpoint.
 */
export type ProviderAccess = { apiKey: string | null; endpoint: string };

/** The key and endpoint of `provider` in a vault state (outside React: when a request is sent). */
export function providerAccessIn(
  state: Pick<KeyVaultState, 'keys' | 'stored' | 'status'>,
  provider: KeyProvider,
): ProviderAccess {
  const apiKey = state.status === 'open' ? (state.keys[provider] ?? null) : null;
  return {
    apiKey: apiKey || null,
    endpoint: state.stored.endpoints[provider] ?? DEFAULT_PROVIDER_ENDPOINTS[provider],
  };
}

/** Current key and endpoint per provider; null apiKey when none is set (or the vault is locked). */
export function useProviderAccess(): (provider: KeyProvider) => ProviderAccess {
  const keys = useKeyVault((state) => state.keys);
  const stored = useKeyVault((state) => state.stored);
  const status = useKeyVault((state) => state.status);
  return useCallback(
    (provider) => providerAccessIn({ keys, stored, status }, provider),
    [keys, stored, status],
  );
}

/** Custom models' secret header and body values by custom-secret id; none while the vault is locked. */
export function customSecretsIn(state: Pick<KeyVaultState, 'secrets' | 'status'>): CustomSecrets {
  return state.status === 'open' ? state.secrets : {};
}
