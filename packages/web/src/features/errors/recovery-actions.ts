import { browserLocalStorage, type PrefStorage } from '../../lib/local-pref';

export type LocalDataDump = { text: string; bytes: number };

/**
 * What the fatal-error screen can do with local data (spec section 2, Recovery Options).
 *
 * SEAM: the composition root passes the storage layer's real implementations (localStorage and
 * IndexedDB, plus telling the macOS wrapper to clear its data). Until then the defaults below cover
 * localStorage only.
 */
export type RecoveryActions = {
  dumpAllLocalData(): Promise<LocalDataDump>;
  clearAllLocalData(): Promise<void>;
};

type DumpableStorage = PrefStorage & Pick<Storage, 'length' | 'key' | 'clear'>;

export function byteLength(text: string): number {
  return new TextEncoder().encode(text).byteLength;
}

/** Dumps and clears localStorage only: the stand-in until storage provides the full versions. */
export function localStorageRecoveryActions(
  storage: () => DumpableStorage | undefined = browserLocalStorage as () => DumpableStorage | undefined,
): RecoveryActions {
  return {
    async dumpAllLocalData() {
      const entries: Record<string, string | null> = {};
      const store = storage();
      if (store) {
        for (let index = 0; index < store.length; index += 1) {
          const key = store.key(index);
          if (key !== null) entries[key] = store.getItem(key);
        }
      }
      const text = JSON.stringify({ localStorage: entries }, null, 2);
      return { text, bytes: byteLength(text) };
    },
    async clearAllLocalData() {
      storage()?.clear();
    },
  };
}
