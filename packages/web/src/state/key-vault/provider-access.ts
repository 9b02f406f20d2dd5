import type { CustomSecrets } from '@parley/core/models';
import { useCallback } from 'react';
import { useStore } from 'zustand';
import { DEFAULT_PROVIDER_ENDPOINTS } from './key-vault-schema';
import { keyVaultStore, type KeyVaultState } from './key-vault-store';

/**
 * The credentials seam the chat feature codes against: the current key and endpoint of a provider.
 * Keys live only in this browser and go only to their own provider's endpoint.
 */
export type ProviderId = 'openai' | 'anthropic' | 'gemini' | 'openrouter';
export type ProviderAccess = { apiKey: string | null; endpoint: string };

function accessFrom(
  state: Pick<KeyVaultState, 'keys' | 'stored' | 'status'>,
  provider: ProviderId,
): ProviderAccess {
  const apiKey = state.status === 'open' ? (state.keys[provider] ?? null) : null;
  return {
    apiKey: apiKey || null,
    endpoint: state.stored.endpoints[provider] ?? DEFAULT_PROVIDER_ENDPOINTS[provider],
  };
}

/** Current key and endpoint per provider; null apiKey when none is set (or the vault is locked). */
export function useProviderAccess(): (provider: ProviderId) => ProviderAccess {
  const keys = useStore(keyVaultStore, (state) => state.keys);
  const stored = useStore(keyVaultStore, (state) => state.stored);
  const status = useStore(keyVaultStore, (state) => state.status);
  return useCallback((provider) => accessFrom({ keys, stored, status }, provider), [keys, stored, status]);
}

/** The same, outside React (at the moment a request is sent). */
export function getProviderAccess(provider: ProviderId): ProviderAccess {
  return accessFrom(keyVaultStore.getState(), provider);
}

/** Custom models' secret header and body values by custom-secret id; none while the vault is locked. */
export function getCustomSecrets(): CustomSecrets {
  const state = keyVaultStore.getState();
  return state.status === 'open' ? state.secrets : {};
}
