import { useStore } from 'zustand';
import { keyVaultStore, type KeyVaultState } from './key-vault-store';

/** A slice of the app's key vault; re-renders when that slice changes. */
export function useKeyVault<T>(selector: (state: KeyVaultState) => T): T {
  return useStore(keyVaultStore, selector);
}
