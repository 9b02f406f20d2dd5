/**
 * The app's one module for local (unsynced) settings kept in localStorage under `TM_` keys
 * (decision 0101): theme mode, sidebar state, drafts, the license token, cloud sync's switches.
 * Read synchronously at start-up so the first paint is already right. Values are JSON-encoded (a
 * bare string written by hand or by an older version reads as itself); a few flags are plain text
 * (`format: 'text'`). When localStorage is missing or throws (private modes, quotas) reads fall
 * back to the default and writes are dropped: a setting must never crash the app. Nothing else in
 * the web app touches localStorage but the storage adapters (lint, eslint.config.js).
 */
export type LocalPref<T> = {
  readonly key: string;
  read(): T;
  /** Stores the value; `undefined` forgets it (as clear()). */
  write(value: T): void;
  /** Forgets the value (a license token must be removable, not nulled). */
  clear(): void;
};

export type PrefStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export type LocalPrefOptions = {
  /** Where the value is kept: the browser's localStorage unless a test or an adapter gives another. */
  storage?: () => PrefStorage | undefined;
  /** 'text': the string is stored as it is, not as JSON (flags older code wrote by hand). */
  format?: 'json' | 'text';
};

/** The browser's localStorage, or undefined where it is missing or blocked. */
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
 * @param fallback read when nothing valid is stored; without one, read() gives undefined.
 */
export function localPref<T>(
  key: string,
  parse: (decoded: unknown) => T | undefined,
  fallback: T,
  options?: LocalPrefOptions | LocalPrefOptions['storage'],
): LocalPref<T>;
export function localPref<T>(
  key: string,
  parse: (decoded: unknown) => T | undefined,
  fallback?: undefined,
  options?: LocalPrefOptions | LocalPrefOptions['storage'],
): LocalPref<T | undefined>;
export function localPref<T>(
  key: string,
  parse: (decoded: unknown) => T | undefined,
  fallback?: T,
  options: LocalPrefOptions | LocalPrefOptions['storage'] = {},
): LocalPref<T | undefined> {
  const { storage = browserLocalStorage, format = 'json' } =
    typeof options === 'function' ? { storage: options } : options;
  const clear = () => {
    try {
      storage()?.removeItem(key);
    } catch {
      // Blocked storage kept nothing: nothing to forget.
    }
  };
  return {
    key,
    read() {
      try {
        const raw = storage()?.getItem(key);
        if (raw === null || raw === undefined) return fallback;
        return parse(format === 'text' ? raw : decodeStored(raw)) ?? fallback;
      } catch {
        return fallback;
      }
    },
    write(value) {
      if (value === undefined) return clear();
      try {
        storage()?.setItem(key, format === 'text' ? String(value) : JSON.stringify(value));
      } catch {
        // Storage full or blocked: the setting lasts for this session only.
      }
    },
    clear,
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

/** A non-blank string, trimmed, or undefined. */
export const nonEmptyString = (decoded: unknown): string | undefined =>
  typeof decoded === 'string' && decoded.trim() !== '' ? decoded.trim() : undefined;

/** A boolean, or undefined. */
export const booleanValue = (decoded: unknown): boolean | undefined =>
  typeof decoded === 'boolean' ? decoded : undefined;

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
