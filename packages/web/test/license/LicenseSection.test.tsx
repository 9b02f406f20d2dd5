import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { LicenseSection } from '../../src/features/license/LicenseSection';
import { useLicenseStore } from '../support/test-app-state';
import { useLicenseView } from '../../src/features/license/license-view-store';
import { installTestLicense, renderWithI18n, TEST_LICENSE_KEY } from './testing/license-test-kit';

const OPENAI_KEY = 'sk-' + 'A1b2C3d4'.repeat(6);

// Each test makes an RSA key pair and renders the whole section: give a loaded machine room.
describe('License settings section', { timeout: 20_000 }, () => {
  afterEach(() => useLicenseView.getState().show('overview'));

  it('LI8 an OpenAI key is refused with the exact text, and Activate sends nothing', async () => {
    const { fetch } = await installTestLicense();
    renderWithI18n(<LicenseSection />);
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('License key'));
    await user.paste(OPENAI_KEY);
    const refusal =
      'Uh oh! That looks like an OpenAI API Key, not a License Key. Please enter your license key instead.';
    expect(screen.getByRole('alert').textContent).toBe(refusal);
    await user.click(screen.getByRole('button', { name: 'Activate' }));
    expect(screen.getByRole('alert').textContent).toBe(refusal);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('shows Unlicensed, the no-license banner, and the invalid-key text from the server', async () => {
    await installTestLicense();
    renderWithI18n(<LicenseSection />);
    expect(screen.getByText('Unlicensed')).toBeTruthy();
    expect(
      screen.getByText(
        "You don't have a license key. Please buy or enter a license key to continue using all features.",
      ),
    ).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('License key'));
    await user.paste('PARLEY-WRONG');
    await user.click(screen.getByRole('button', { name: 'Activate' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Sorry, that license key is invalid.');
  });

  it('LS4 the device limit: the exact message and the request to unlink another device', async () => {
    const { server } = await installTestLicense(undefined, { maxDevices: 1 });
    // Another device holds the only slot.
    await server.fetch('http://license.test/api/license/activate', {
      method: 'POST',
      body: JSON.stringify({ key: TEST_LICENSE_KEY, deviceId: 'other', deviceName: 'Other' }),
    });
    renderWithI18n(<LicenseSection />);
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('License key'));
    await user.paste(TEST_LICENSE_KEY);
    await user.click(screen.getByRole('button', { name: 'Activate' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Device limit reached for the license key');
    expect(screen.getByText(/Unlink another device in the License Manager, then re-enter/)).toBeTruthy();
  });

  it('activates, then the License Manager shows plan, masked key and this device; Deactivate ends it', async () => {
    const { server } = await installTestLicense();
    renderWithI18n(<LicenseSection />);
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('License key'));
    await user.paste(TEST_LICENSE_KEY);
    await user.clear(screen.getByLabelText('Device name'));
    await user.type(screen.getByLabelText('Device name'), 'Work laptop');
    await user.click(screen.getByRole('button', { name: 'Activate' }));
    const managerHeading = await screen.findByRole('heading', { name: 'License Manager' });
    // The Activate button is gone: focus moves to the new view, not to <body> (Escape still closes).
    expect(document.activeElement).toBe(managerHeading);
    expect(screen.getByText('Extended license')).toBeTruthy();
    expect(screen.getByText('••••-••••-HJK2')).toBeTruthy();
    const device = await screen.findByRole('listitem', { name: 'Work laptop' });
    expect(device.textContent).toContain('This device');
    expect(screen.getByRole('listitem', { name: 'Text to speech: Included' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Deactivate' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Deactivate this device?' });
    await user.click(within(confirm).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(useLicenseStore.getState().snapshot.state).toEqual({ kind: 'unlicensed' }));
    expect(server.linkedDevices(TEST_LICENSE_KEY)).toEqual([]);
    expect(document.activeElement).toBe(await screen.findByLabelText('License key'));
  });

  it('LS11 a team key: the summary says how many users, and this device shows its user', async () => {
    await installTestLicense('team', { userName: 'ana@example.com' });
    renderWithI18n(<LicenseSection />);
    const device = await screen.findByRole('listitem', { name: 'Test device' });
    expect(within(device).getByText('ana@example.com')).toBeTruthy();
    expect(screen.getByText('Users')).toBeTruthy();
    expect(screen.getByText('10 users')).toBeTruthy();
  });

  it('a one-user key says nothing about users', async () => {
    await installTestLicense('extended');
    renderWithI18n(<LicenseSection />);
    await screen.findByRole('listitem', { name: 'Test device' });
    expect(screen.queryByText('Users')).toBeNull();
    expect(screen.queryByText(/\d+ users?$/)).toBeNull();
  });

  it('the plans screen lists the four plans and the catalogue facts, no prices, and on a self-hosted server how keys are made', async () => {
    await installTestLicense();
    useLicenseView.getState().show('plans');
    renderWithI18n(<LicenseSection />);
    for (const plan of ['Standard', 'Extended', 'Premium', 'Team'])
      expect(screen.getByRole('heading', { name: plan })).toBeTruthy();
    for (const fact of [
      '10 users on 50 devices',
      '5 devices per license',
      '14-day money-back guarantee',
      '365 days of support',
    ])
      expect(screen.getByText(fact)).toBeTruthy();
    // The spec prices Team only: no plan shows a price rather than one of four.
    expect(screen.queryByText(/\$\d/)).toBeNull();
    // No shop set: no link to a page that says so, but the owner's command.
    expect(screen.queryByRole('link', { name: 'Buy a license key' })).toBeNull();
    expect(screen.getByText('npm run license -- create --plan extended')).toBeTruthy();
  });

  it('every feature the app enforces is sold as included; only the one without a gate is coming', async () => {
    await installTestLicense('premium');
    useLicenseView.getState().show('plans');
    renderWithI18n(<LicenseSection />);
    expect(
      screen.getAllByRole('listitem', { name: /: coming, not in Parley yet$/ }).map((item) => item.ariaLabel),
    ).toEqual(['Fill in content with AI: coming, not in Parley yet']);
    for (const name of ['Vision (images in chats)', 'Web search', 'Text to speech', 'Document upload'])
      expect(screen.getAllByText(name).length).toBeGreaterThan(0);
  });
});
