import { httpUrl, localPref, type PrefStorage } from '../../state';

/** Local override of the license (and later cloud sync) server; unset means "the server that served the app". */
export const LICENSE_SERVER_URL_KEY = 'TM_licenseServerURL';

export function licenseServerUrlSetting(storage?: () => PrefStorage | undefined) {
  return localPref(LICENSE_SERVER_URL_KEY, httpUrl, undefined, storage);
}

/**
 * Base URL for license calls, without a trailing slash. The app is normally served by our own
 * server, so the current origin is the default; a self-hoster with a separate license server sets
 * TM_licenseServerURL. Cloud sync will share this resolver.
 */
export function resolveLicenseServerUrl(
  origin: string = window.location.origin,
  setting = licenseServerUrlSetting(),
): string {
  return (setting.read() ?? origin).replace(/\/+$/, '');
}
