import type { CustomSecrets } from '@parley/core/models';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { VaultStorage } from '../../adapters/storage';
import {
  emptyStoredVault,
  parseStoredVault,
  type KeyProvider,
  type StoredKeyVault,
} from './key-vault-schema';
import {
  emptyContents,
  openContents,
  plainContents,
  sameSecrets,
  sealContents,
  sealSecrets,
  withoutEmptyKeys,
  withoutEmptySecrets,
  type ProviderKeys,
  type VaultContents,
} from './vault-contents';
import { createPasswordLock, openPasswordLock, sealText, type VaultCrypto } from './vault-crypto';

export type { ProviderKeys } from './vault-contents';

export type KeyVaultState = {
  stored: StoredKeyVault;
  /** locked: a password exists and has not been entered this session; the app stays behind the gate. */
  status: 'open' | 'locked';
  /** The usable keys, in memory only: plaintext ones and, once unlocked, the decrypted ones. */
  keys: ProviderKeys;
  /** Custom models' secret row values by custom-secret id, in memory only like the keys. */
  secrets: CustomSecrets;
  setKey(provider: KeyProvider, apiKey: string): Promise<void>;
  /** null puts the provider's default endpoint back. */
  setEndpoint(provider: KeyProvider, endpoint: string | null): void;
  /**
   * Replaces the custom secrets with `change(current)` (empty values dropped). Storage is re-read first,
   * so a change another tab has just written is built on, not overwritten; nothing is written when
   * nothing changes. Rejects while the vault is locked.
   */
  updateCustomSecrets(change: (current: CustomSecrets) => CustomSecrets): Promise<void>;
  setPassword(password: string): Promise<void>;
  /** Rejects with IncorrectPasswordError when `current` is wrong. */
  changePassword(current: string, next: string): Promise<void>;
  removePassword(current: string): Promise<void>;
  unlock(password: string): Promise<void>;
  /** Seals the plaintext keys and secrets left next to a password (the unencrypted-keys warning). */
  encryptUnencryptedKeys(password: string): Promise<void>;
  /** Deletes every key, every custom secret and the password ("Forget keys and reset"); endpoints stay. */
  forgetKeys(): void;
  /** Re-reads storage after another tab changed it. */
  reload(): Promise<void>;
};

export type KeyVaultStore = StoreApi<KeyVaultState>;

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
    const save = (
      stored: StoredKeyVault,
      contents: VaultContents,
      status: KeyVaultState['status'] = 'open',
    ) => {
      storage.write(JSON.stringify(stored));
      set({ stored, ...contents, status });
    };
    const contents = (): VaultContents => ({ keys: get().keys, secrets: get().secrets });

    /** Takes in what storage holds now (another tab may have written since this one last read it). */
    const refresh = async () => {
      const stored = parseStoredVault(storage.read());
      const previousSalt = get().stored.lock?.salt;
      if (!stored.lock) {
        vaultKey = null;
        set({ stored, status: 'open', ...plainContents(stored) });
      } else if (vaultKey && stored.lock.salt === previousSalt && get().status === 'open') {
        set({ stored, ...(await openContents(crypto, vaultKey, stored)) });
      } else {
        // Another tab set or changed the password: ask for it here too.
        vaultKey = null;
        set({ stored, status: 'locked', ...emptyContents() });
      }
    };

    return {
      stored: initial,
      status: initial.lock ? 'locked' : 'open',
      ...(initial.lock ? emptyContents() : plainContents(initial)),

      setKey(provider, apiKey) {
        return serial(async () => {
          const value = apiKey.trim();
          const { stored, keys } = get();
          const nextKeys = withoutEmptyKeys({ ...keys, [provider]: value });
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
          save({ ...get().stored, plainKeys, sealedKeys }, { ...contents(), keys: nextKeys });
        });
      },

      setEndpoint(provider, endpoint) {
        const { stored } = get();
        const endpoints = { ...stored.endpoints };
        if (endpoint === null) delete endpoints[provider];
        else endpoints[provider] = endpoint;
        save({ ...stored, endpoints }, contents(), get().status);
      },

      updateCustomSecrets(change) {
        return serial(async () => {
          await refresh();
          if (get().status !== 'open') throw new Error('The key vault is locked');
          const { stored, secrets } = get();
          const next = withoutEmptySecrets(change(secrets));
          if (sameSecrets(next, secrets)) return;
          let shelves: Pick<StoredKeyVault, 'plainSecrets' | 'sealedSecrets'>;
          if (stored.lock) {
            if (!vaultKey) throw new Error('The key vault is locked');
            // Sealed afresh as a whole: the password was entered, so leftover plaintext ones are sealed too.
            shelves = { plainSecrets: {}, sealedSecrets: await sealSecrets(crypto, vaultKey, next) };
          } else {
            shelves = { plainSecrets: { ...next }, sealedSecrets: {} };
          }
          save({ ...stored, ...shelves }, { ...contents(), secrets: next });
        });
      },

      setPassword(password) {
        return serial(async () => {
          if (get().stored.lock) throw new Error('A password is already set; change it instead');
          const { lock, key } = await createPasswordLock(crypto, password);
          const sealed = await sealContents(crypto, key, contents());
          vaultKey = key;
          save({ ...get().stored, lock, ...sealed }, contents());
        });
      },

      changePassword(current, next) {
        return serial(async () => {
          const currentLock = get().stored.lock;
          if (!currentLock) throw new Error('No password is set');
          await openPasswordLock(crypto.subtle, currentLock, current);
          const { lock, key } = await createPasswordLock(crypto, next);
          const sealed = await sealContents(crypto, key, contents());
          vaultKey = key;
          save({ ...get().stored, lock, ...sealed }, contents());
        });
      },

      removePassword(current) {
        return serial(async () => {
          const lock = get().stored.lock;
          if (!lock) return;
          await openPasswordLock(crypto.subtle, lock, current);
          const { keys, secrets } = contents();
          vaultKey = null;
          save(
            {
              ...get().stored,
              lock: null,
              sealedKeys: {},
              sealedSecrets: {},
              plainKeys: keys,
              plainSecrets: { ...secrets },
            },
            { keys, secrets },
          );
        });
      },

      unlock(password) {
        return serial(async () => {
          const { stored } = get();
          if (!stored.lock) return;
          const key = await openPasswordLock(crypto.subtle, stored.lock, password);
          const opened = await openContents(crypto, key, stored);
          vaultKey = key;
          set({ ...opened, status: 'open' });
        });
      },

      encryptUnencryptedKeys(password) {
        return serial(async () => {
          const { stored } = get();
          if (!stored.lock) return;
          const key = await openPasswordLock(crypto.subtle, stored.lock, password);
          const opened = await openContents(crypto, key, stored);
          vaultKey = key;
          save({ ...stored, ...(await sealContents(crypto, key, opened)) }, opened);
        });
      },

      forgetKeys() {
        vaultKey = null;
        save({ ...emptyStoredVault(), endpoints: get().stored.endpoints }, emptyContents());
      },

      reload() {
        return serial(refresh);
      },
    };
  });
}
