import { createStore, type StoreApi } from 'zustand/vanilla';
import {
  KEY_VAULT_STORAGE_KEY,
  emptyStoredVault,
  keyProviders,
  parseStoredVault,
  type KeyProvider,
  type StoredKeyVault,
} from './key-vault-schema';
import {
  browserVaultCrypto,
  createPasswordLock,
  openPasswordLock,
  openSealedText,
  sealText,
  type VaultCrypto,
} from './vault-crypto';

export type ProviderKeys = Partial<Record<KeyProvider, string>>;

/** Where the vault's one entry is kept (localStorage in the app, a map in tests). */
export type VaultStorage = {
  read(): string | null;
  write(serialised: string | null): void;
};

export type KeyVaultState = {
  stored: StoredKeyVault;
  /** locked: a password exists and has not been entered this session; the app stays behind the gate. */
  status: 'open' | 'locked';
  /** The usable keys, in memory only: plaintext ones and, once unlocked, the decrypted ones. */
  keys: ProviderKeys;
  setKey(provider: KeyProvider, apiKey: string): Promise<void>;
  /** null puts the provider's default endpoint back. */
  setEndpoint(provider: KeyProvider, endpoint: string | null): void;
  setPassword(password: string): Promise<void>;
  /** Rejects with IncorrectPasswordError when `current` is wrong. */
  changePassword(current: string, next: string): Promise<void>;
  removePassword(current: string): Promise<void>;
  unlock(password: string): Promise<void>;
  /** Seals the plaintext keys left next to a password (the unencrypted-keys warning). */
  encryptUnencryptedKeys(password: string): Promise<void>;
  /** Deletes every key and the password ("Forget keys and reset"); endpoints stay. */
  forgetKeys(): void;
  /** Re-reads storage after another tab changed it. */
  reload(): Promise<void>;
};

export type KeyVaultStore = StoreApi<KeyVaultState>;

const withoutEmpty = (keys: ProviderKeys): ProviderKeys =>
  Object.fromEntries(Object.entries(keys).filter(([, value]) => value !== '')) as ProviderKeys;

export function createKeyVaultStore(storage: VaultStorage, crypto: VaultCrypto): KeyVaultStore {
  // The AES key stays in this closure while unlocked: never in state, never stored.
  let vaultKey: CryptoKey | null = null;
  // Changes run one at a time, so a key typed fast is sealed and saved in the order it was typed.
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(task: () => Promise<T>): Promise<T> => {
    const next = queue.then(task, task);
    queue = next.catch(() => undefined);
    return next;
  };

  const initial = parseStoredVault(storage.read());

  return createStore<KeyVaultState>()((set, get) => {
    const save = (stored: StoredKeyVault, keys: ProviderKeys, status: KeyVaultState['status'] = 'open') => {
      storage.write(JSON.stringify(stored));
      set({ stored, keys, status });
    };

    const sealAll = async (key: CryptoKey, keys: ProviderKeys) => {
      const sealed: StoredKeyVault['sealedKeys'] = {};
      for (const provider of keyProviders) {
        const value = keys[provider];
        if (value) sealed[provider] = await sealText(crypto, key, value);
      }
      return sealed;
    };

    const openAll = async (key: CryptoKey, stored: StoredKeyVault): Promise<ProviderKeys> => {
      const keys: ProviderKeys = {};
      for (const provider of keyProviders) {
        const sealed = stored.sealedKeys[provider];
        if (sealed) keys[provider] = await openSealedText(crypto.subtle, key, sealed);
      }
      // A plaintext key next to a sealed one was written later (an import): it is the one in use.
      return withoutEmpty({ ...keys, ...stored.plainKeys });
    };

    return {
      stored: initial,
      status: initial.lock ? 'locked' : 'open',
      keys: initial.lock ? {} : withoutEmpty(initial.plainKeys),

      setKey(provider, apiKey) {
        return serial(async () => {
          const value = apiKey.trim();
          const { stored, keys } = get();
          const nextKeys = withoutEmpty({ ...keys, [provider]: value });
          const plainKeys = { ...stored.plainKeys };
          const sealedKeys = { ...stored.sealedKeys };
          delete plainKeys[provider];
          delete sealedKeys[provider];
          if (value !== '') {
            if (stored.lock) {
              if (!vaultKey) throw new Error('The key vault is locked');
              sealedKeys[provider] = await sealText(crypto, vaultKey, value);
            } else {
              plainKeys[provider] = value;
            }
          }
          save({ ...get().stored, plainKeys, sealedKeys }, nextKeys);
        });
      },

      setEndpoint(provider, endpoint) {
        const { stored, keys } = get();
        const endpoints = { ...stored.endpoints };
        if (endpoint === null) delete endpoints[provider];
        else endpoints[provider] = endpoint;
        save({ ...stored, endpoints }, keys, get().status);
      },

      setPassword(password) {
        return serial(async () => {
          if (get().stored.lock) throw new Error('A password is already set; change it instead');
          const { lock, key } = await createPasswordLock(crypto, password);
          const { stored, keys } = get();
          const sealedKeys = await sealAll(key, keys);
          vaultKey = key;
          save({ ...stored, lock, sealedKeys, plainKeys: {} }, keys);
        });
      },

      changePassword(current, next) {
        return serial(async () => {
          const currentLock = get().stored.lock;
          if (!currentLock) throw new Error('No password is set');
          await openPasswordLock(crypto.subtle, currentLock, current);
          const { lock, key } = await createPasswordLock(crypto, next);
          const { stored, keys } = get();
          const sealedKeys = await sealAll(key, keys);
          vaultKey = key;
          save({ ...stored, lock, sealedKeys, plainKeys: {} }, keys);
        });
      },

      removePassword(current) {
        return serial(async () => {
          const lock = get().stored.lock;
          if (!lock) return;
          await openPasswordLock(crypto.subtle, lock, current);
          const { stored, keys } = get();
          vaultKey = null;
          save({ ...stored, lock: null, sealedKeys: {}, plainKeys: keys }, keys);
        });
      },

      unlock(password) {
        return serial(async () => {
          const { stored } = get();
          if (!stored.lock) return;
          const key = await openPasswordLock(crypto.subtle, stored.lock, password);
          const keys = await openAll(key, stored);
          vaultKey = key;
          set({ keys, status: 'open' });
        });
      },

      encryptUnencryptedKeys(password) {
        return serial(async () => {
          const { stored } = get();
          if (!stored.lock) return;
          const key = await openPasswordLock(crypto.subtle, stored.lock, password);
          const sealedKeys = { ...stored.sealedKeys, ...(await sealAll(key, stored.plainKeys)) };
          vaultKey = key;
          save(
            { ...get().stored, sealedKeys, plainKeys: {} },
            await openAll(key, { ...stored, sealedKeys, plainKeys: {} }),
          );
        });
      },

      forgetKeys() {
        vaultKey = null;
        save({ ...emptyStoredVault(), endpoints: get().stored.endpoints }, {});
      },

      reload() {
        return serial(async () => {
          const stored = parseStoredVault(storage.read());
          const previousSalt = get().stored.lock?.salt;
          if (!stored.lock) {
            vaultKey = null;
            set({ stored, status: 'open', keys: withoutEmpty(stored.plainKeys) });
          } else if (vaultKey && stored.lock.salt === previousSalt && get().status === 'open') {
            set({ stored, keys: await openAll(vaultKey, stored) });
          } else {
            // Another tab set or changed the password: ask for it here too.
            vaultKey = null;
            set({ stored, status: 'locked', keys: {} });
          }
        });
      },
    };
  });
}

function localVaultStorage(): VaultStorage {
  return {
    read: () => {
      try {
        return window.localStorage.getItem(KEY_VAULT_STORAGE_KEY);
      } catch {
        return null;
      }
    },
    write: (serialised) => {
      if (serialised === null) window.localStorage.removeItem(KEY_VAULT_STORAGE_KEY);
      else window.localStorage.setItem(KEY_VAULT_STORAGE_KEY, serialised);
    },
  };
}

/** The app's vault, over localStorage; follows changes made in other tabs. */
export const keyVaultStore: KeyVaultStore = createKeyVaultStore(localVaultStorage(), browserVaultCrypto());

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === KEY_VAULT_STORAGE_KEY || event.key === null) void keyVaultStore.getState().reload();
  });
}
