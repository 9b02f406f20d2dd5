import { KEY_VAULT_STORAGE_KEY } from '../state/key-vault/key-vault-schema';
import type { VaultStorage } from '../state/key-vault/key-vault-store';

/** The key vault's one entry in localStorage; follows the changes other tabs make to it. */
export function localVaultStorage(win: Window = window): VaultStorage {
  return {
    read: () => {
      try {
        return win.localStorage.getItem(KEY_VAULT_STORAGE_KEY);
      } catch {
        return null;
      }
    },
    write: (serialised) => {
      if (serialised === null) win.localStorage.removeItem(KEY_VAULT_STORAGE_KEY);
      else win.localStorage.setItem(KEY_VAULT_STORAGE_KEY, serialised);
    },
    subscribe(listener) {
      const onStorage = (event: StorageEvent) => {
        if (event.key === KEY_VAULT_STORAGE_KEY || event.key === null) listener();
      };
      win.addEventListener('storage', onStorage);
      return () => win.removeEventListener('storage', onStorage);
    },
  };
}
