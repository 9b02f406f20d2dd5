import { browserLocalStorage, localPref, type PrefStorage } from '../../lib/local-pref';

/** A localStorage value that can also be removed (a license token must be forgettable, not nulled). */
export type StoredValue<T> = {
  readonly key: string;
  read(): T | undefined;
  write(value: T): void;
  clear(): void;
};

export function storedValue<T>(
  key: string,
  parse: (decoded: unknown) => T | undefined,
  storage: () => PrefStorage | undefined = browserLocalStorage,
): StoredValue<T> {
  const pref = localPref<T | undefined>(key, parse, undefined, storage);
  return {
    key,
    read: () => pref.read(),
    write: (value) => pref.write(value),
    clear() {
      try {
        storage()?.removeItem(key);
      } catch {
        // Blocked storage: nothing was kept, so nothing to forget.
      }
    },
  };
}

export const nonEmptyString = (decoded: unknown): string | undefined =>
  typeof decoded === 'string' && decoded.trim() !== '' ? decoded.trim() : undefined;

/** An absolute http(s) URL, or undefined. */
export const httpUrl = (decoded: unknown): string | undefined => {
  const text = nonEmptyString(decoded);
  if (!text) return undefined;
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? text : undefined;
  } catch {
    return undefined;
  }
};
