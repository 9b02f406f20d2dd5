import {
  booleanValue,
  browserLocalStorage,
  localPref,
  nonEmptyString,
  type PrefStorage,
} from '../../lib/local-pref';

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

/** An absolute http(s) URL without trailing slashes, or undefined. */
export function httpBaseUrl(decoded: unknown): string | undefined {
  const value = nonEmptyString(decoded);
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
    token: localPref(CLOUD_SYNC_KEYS.token, nonEmptyString, undefined, storage),
    cookieSession: localPref(CLOUD_SYNC_KEYS.cookieSession, booleanValue, undefined, storage),
    email: localPref(CLOUD_SYNC_KEYS.email, nonEmptyString, undefined, storage),
    enabled: localPref(CLOUD_SYNC_KEYS.enabled, booleanValue, undefined, storage),
    attachments: localPref(CLOUD_SYNC_KEYS.attachments, booleanValue, undefined, storage),
    serverUrl: localPref(CLOUD_SYNC_KEYS.serverUrl, httpBaseUrl, undefined, storage),
  };
}
export type CloudSyncLocalData = ReturnType<typeof cloudSyncLocalData>;
