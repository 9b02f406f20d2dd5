import { browserLocalStorage, localPref, type PrefStorage } from '../../lib/local-pref';

/**
 * What cloud sync keeps on this device, in localStorage (local-only, never synced): the account's
 * email, the switches, an override of the server URL, and how the session is held (decision
 * 0020): with the app's own server only the HttpOnly cookie holds the token (`cookieSession`),
 * so no script can read it; a sync server on another origin gets the token as a bearer, kept
 * here (`token`), because browsers block its cookie as a third-party one.
 */
export const CLOUD_SYNC_KEYS = {
  token: 'TM_cloudToken',
  cookieSession: 'TM_cloudCookieSession',
  email: 'TM_cloudEmail',
  enabled: 'TM_cloudSyncEnabled',
  attachments: 'TM_cloudSyncAttachments',
  serverUrl: 'TM_cloudSyncServerURL',
} as const;

/** A localStorage value that can be forgotten (a token must be removed, not nulled). */
export type LocalValue<T> = { read(): T | undefined; write(value: T): void; clear(): void };

function localValue<T>(
  key: string,
  parse: (decoded: unknown) => T | undefined,
  storage: () => PrefStorage | undefined,
): LocalValue<T> {
  const pref = localPref<T | undefined>(key, parse, undefined, storage);
  return {
    read: () => pref.read(),
    write: (value) => pref.write(value),
    clear() {
      try {
        storage()?.removeItem(key);
      } catch {
        // Blocked storage kept nothing: nothing to forget.
      }
    },
  };
}

const text = (decoded: unknown) =>
  typeof decoded === 'string' && decoded.trim() !== '' ? decoded.trim() : undefined;
const bool = (decoded: unknown) => (typeof decoded === 'boolean' ? decoded : undefined);

/** An absolute http(s) URL without trailing slashes, or undefined. */
export function httpBaseUrl(decoded: unknown): string | undefined {
  const value = text(decoded);
  if (!value) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? value.replace(/\/+$/, '') : undefined;
  } catch {
    return undefined;
  }
}

export function cloudSyncLocalData(storage: () => PrefStorage | undefined = browserLocalStorage) {
  return {
    token: localValue(CLOUD_SYNC_KEYS.token, text, storage),
    cookieSession: localValue(CLOUD_SYNC_KEYS.cookieSession, bool, storage),
    email: localValue(CLOUD_SYNC_KEYS.email, text, storage),
    enabled: localValue(CLOUD_SYNC_KEYS.enabled, bool, storage),
    attachments: localValue(CLOUD_SYNC_KEYS.attachments, bool, storage),
    serverUrl: localValue(CLOUD_SYNC_KEYS.serverUrl, httpBaseUrl, storage),
  };
}
export type CloudSyncLocalData = ReturnType<typeof cloudSyncLocalData>;
