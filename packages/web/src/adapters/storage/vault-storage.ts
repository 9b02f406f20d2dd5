/** Where the key vault's one entry is kept (localStorage in the app, a map in tests). */
export type VaultStorage = {
  read(): string | null;
  write(serialised: string | null): void;
  /** Calls `listener` when another tab changed the entry (the app's localStorage adapter). */
  subscribe?(listener: () => void): () => void;
};

/** The key vault's localStorage entry (its name comes from the app this one replaces). */
export const KEY_VAULT_STORAGE_KEY = 'TM_keyVault';

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
