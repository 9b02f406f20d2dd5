import { createLicenseApi } from '../../state/license/license-api';
import { createLicenseClient, type LicenseClient } from '../../state/license/license-client';
import { editionLicenseState } from '../../state/license/license-edition';
import { licenseLocalData } from './license-local-data';
import { resolveLicenseServerUrl } from './license-server-url';

/** The real client: this origin's (or TM_licenseServerURL's) license routes and localStorage. */
export function createBrowserLicenseClient(win: Window = window): LicenseClient {
  return createLicenseClient({
    api: createLicenseApi({
      baseUrl: () => resolveLicenseServerUrl(win.location.origin),
      fetch: (input, init) => win.fetch(input, init),
    }),
    local: licenseLocalData(),
    baseState: editionLicenseState(),
    report: (problem) => console.warn('Parley ignored the stored license token:', problem),
  });
}
