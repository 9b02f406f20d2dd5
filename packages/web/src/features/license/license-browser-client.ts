import { createLicenseApi, createLicenseClient, editionLicenseState, type LicenseClient } from '../../state';
import { licenseLocalData } from './license-local-data';

/**
 * The real client: this origin's license routes and localStorage. Always this origin, never a
 * stored override: the license key is pinned to the server that served the app (decision 0026).
 */
export function createBrowserLicenseClient(win: Window = window): LicenseClient {
  return createLicenseClient({
    api: createLicenseApi({
      baseUrl: () => win.location.origin,
      fetch: (input, init) => win.fetch(input, init),
    }),
    local: licenseLocalData(),
    baseState: editionLicenseState(),
    report: (problem) => console.warn('Parley ignored the stored license token:', problem),
  });
}
