import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { useSettingsDialog } from '../../src/features/settings/settings-dialog-store';
import { BuyPage } from '../../src/features/license/BuyPage';
import { LicenseBadge } from '../../src/features/license/LicenseStateBadge';
import { installTestLicense, renderWithI18n } from './testing/license-test-kit';

describe('license pages', { timeout: 20_000 }, () => {
  afterEach(() => useSettingsDialog.getState().close());

  it('/buy explains that a self-hosted server makes keys with the CLI', () => {
    renderWithI18n(<BuyPage />);
    expect(screen.getByRole('heading', { name: 'Get a Parley license key' })).toBeTruthy();
    expect(screen.getByText('npm run license -- create --plan extended')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Parley' }).getAttribute('href')).toBe('/');
  });

  it('the badge names the state and opens the License settings', async () => {
    await installTestLicense('premium');
    renderWithI18n(<LicenseBadge />);
    await userEvent.click(screen.getByRole('button', { name: 'License: Premium license' }));
    expect(useSettingsDialog.getState()).toMatchObject({ isOpen: true, sectionId: 'license' });
  });
});
