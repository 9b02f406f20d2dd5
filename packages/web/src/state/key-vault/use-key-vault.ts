import { useStore } from 'zustand';
import { useAppState } from '../app-state';
import type { KeyVaultState, KeyVaultStore } from './key-vault-store';

/** A slice of the app's key vault; re-renders when that slice changes. */
export function useKeyVault<T>(selector: (state: KeyVaultState) => T): T {
  return useStore(useAppState().keyVault, selector);
}

/** The vault itself, for work outside rendering (a migration, a request being sent). */
export function useKeyVaultStore(): KeyVaultStore {
  return useAppState().keyVault;
}
