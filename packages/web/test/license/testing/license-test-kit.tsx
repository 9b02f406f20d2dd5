import type { LicensePlan } from '@parley/core/license';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { vi } from 'vitest';
import { memoryStorage } from '../../support/memory-storage';
import { createI18n } from '../../../src/i18n';
import { createLicenseApi } from '../../../src/state/license/license-api';
import { createLicenseClient } from '../../../src/state/license/license-client';
import { licenseLocalData } from '../../../src/features/license/license-local-data';
import { createLicenseStore } from '../../../src/state/license/license-store';
import { useLicenseStore, setTestLicenseStore, WithAppState } from '../../support/test-app-state';
import { createFakeLicenseServer } from './fake-license-server';

export const TEST_LICENSE_KEY = 'PARLEY-AAAA-BBBB-CCCC-DDDD-EEEE-FFFF-GGGG-HJK2';

/**
 * Installs a license client on a fake server and memory storage; with a plan, this device is
 * already activated on a key of that plan (and the store has loaded it).
 */
export async function installTestLicense(
  plan?: LicensePlan,
  options: { maxDevices?: number; maxUsers?: number; userName?: string } = {},
) {
  const server = await createFakeLicenseServer();
  server.addKey(TEST_LICENSE_KEY, plan ?? 'extended', options.maxDevices, options.maxUsers);
  const storage = memoryStorage();
  const fetch = vi.fn(server.fetch);
  const client = createLicenseClient({
    api: createLicenseApi({ baseUrl: () => 'http://license.test', fetch }),
    local: { ...licenseLocalData(() => storage), deviceId: () => 'this-device' },
    baseState: { kind: 'unlicensed' },
    report: () => {},
  });
  if (plan) await client.activate(TEST_LICENSE_KEY, 'Test device', options.userName);
  setTestLicenseStore(createLicenseStore(async () => client, client.baseState));
  useLicenseStore.getState().ensureLoaded();
  await vi.waitFor(() => {
    if (useLicenseStore.getState().status !== 'ready') throw new Error('license not loaded yet');
  });
  fetch.mockClear();
  return { server, storage, fetch, client };
}

export function renderWithI18n(ui: ReactNode) {
  return render(
    <I18nextProvider i18n={createI18n()}>
      <WithAppState>{ui}</WithAppState>
    </I18nextProvider>,
  );
}
