/**
 * Small UI preferences (theme mode, sidebar state) kept in localStorage under `TM_` keys, read
 * synchronously at start-up so the first paint is already right. Values are JSON-encoded. When
 * localStorage is missing or throws (private modes, quotas) reads fall back to the default and
 * writes are dropped: a preference must never crash the app.
 */
export type LocalPref<T> = {
  readonly key: string;
  read(): T;
  write(value: T): void;
};

export type PrefStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function browserLocalStorage(): PrefStorage | undefined {
  try {
    return window.localStorage ?? undefined;
  } catch {
    return undefined;
  }
}

/**
 * @param parse turns the decoded JSON into a T, or undefined when it is not a valid value
 *              (then the default is used; a stored null also means "default", spec section 4).
 */
export function localPref<T>(
  key: string,
  parse: (decoded: unknown) => T | undefined,
  fallback: T,
  storage: () => PrefStorage | undefined = browserLocalStorage,
): LocalPref<T> {
  return {
    key,
    read() {
      try {
        const raw = storage()?.getItem(key);
        if (raw === null || raw === undefined) return fallback;
        return parse(decodeStored(raw)) ?? fallback;
      } catch {
        return fallback;
      }
    },
    write(value) {
      try {
        storage()?.setItem(key, JSON.stringify(value));
      } catch {
        // Storage full or blocked: the preference lasts for this session only.
      }
    },
  };
}

/** JSON first; a bare string (written by hand or by an older version) is taken as is. */
function decodeStored(raw: string): unknown {
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw;
  }
}
