import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { useSettingsDialog } from '../../src/features/settings/settings-dialog-store';
import { useFeatureFlags } from '../../src/features/license/feature-flags-store';
import { FeatureGate } from '../../src/features/license/FeatureGate';
import { useLicenseView } from '../../src/features/license/license-view-store';
import { installTestLicense, renderWithI18n } from './testing/license-test-kit';

const secret = <p>{'Speaking now'}</p>;

describe('FeatureGate', { timeout: 20_000 }, () => {
  afterEach(() => {
    useSettingsDialog.getState().close();
    useLicenseView.getState().show('overview');
    useFeatureFlags.getState().setFlags({});
  });

  it('LI5 without a license: the spec message and Upgrade, which opens the plans', async () => {
    await installTestLicense();
    renderWithI18n(<FeatureGate feature="textToSpeech">{secret}</FeatureGate>);
    expect(screen.queryByText('Speaking now')).toBeNull();
    expect(screen.getByText('You need to buy a license key to use this feature.')).toBeTruthy();
    expect(screen.getByText('Included from the Extended plan.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Upgrade' }));
    expect(useSettingsDialog.getState()).toMatchObject({ isOpen: true, sectionId: 'license' });
    expect(useLicenseView.getState().view).toBe('plans');
  });

  it('LI2 a plan without the feature says it is not in the current plan', async () => {
    await installTestLicense('standard');
    renderWithI18n(<FeatureGate feature="textToSpeech">{secret}</FeatureGate>);
    expect(screen.getByText('This feature is not available for your current plan.')).toBeTruthy();
    expect(screen.queryByText('Speaking now')).toBeNull();
  });

  it('LI2 renders the children for a plan that has the feature', async () => {
    await installTestLicense('extended');
    renderWithI18n(<FeatureGate feature="textToSpeech">{secret}</FeatureGate>);
    expect(screen.getByText('Speaking now')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Upgrade' })).toBeNull();
  });

  it('LI7 a feature the deployment switched off renders nothing, whatever the plan', async () => {
    await installTestLicense('premium');
    useFeatureFlags.getState().setFlags({ textToSpeech: false });
    const { container } = renderWithI18n(<FeatureGate feature="textToSpeech">{secret}</FeatureGate>);
    expect(container.textContent).toBe('');
  });
});
