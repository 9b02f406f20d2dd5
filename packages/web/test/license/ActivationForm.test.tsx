import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CLOUD_SYNC_KEYS } from '../../src/adapters/sync/cloud-sync-local-data';
import { ActivationForm } from '../../src/features/license/ActivationForm';
import { useLicenseStore } from '../support/test-app-state';
import { LICENSE_USER_NAME_KEY } from '../../src/features/license/license-user-name';
import { installTestLicense, renderWithI18n, TEST_LICENSE_KEY } from './testing/license-test-kit';

const store = (key: string, value: string) => window.localStorage.setItem(key, JSON.stringify(value));

function renderForm() {
  renderWithI18n(<ActivationForm onShowPlans={() => {}} />);
  return { userEvent: userEvent.setup(), userNameField: screen.getByLabelText('Your name or email') };
}

/** The JSON bodies of the activation requests the client sent. */
function activationBodies(fetch: Awaited<ReturnType<typeof installTestLicense>>['fetch']) {
  return fetch.mock.calls
    .filter(([url]) => String(url).endsWith('/api/license/activate'))
    .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);
}

// Each test makes an RSA key pair for the fake license server: give a loaded machine room.
describe('Activation form: who uses this device (LS11)', { timeout: 20_000 }, () => {
  beforeEach(() => window.localStorage.clear());
  afterEach(() => window.localStorage.clear());

  it('starts with the signed-in cloud sync account email, before the last activation name', async () => {
    await installTestLicense();
    store(CLOUD_SYNC_KEYS.token, 'cloud-token');
    store(CLOUD_SYNC_KEYS.email, 'ana@example.com');
    store(LICENSE_USER_NAME_KEY, 'Someone Else');
    const { userNameField } = renderForm();
    expect(userNameField).toHaveProperty('value', 'ana@example.com');
    expect(
      screen.getByText('Team licenses count users by it. Leave it empty on a personal license.'),
    ).toBeTruthy();
  });

  it('signed out of cloud sync (an email left without a token): the last activation name', async () => {
    await installTestLicense();
    store(CLOUD_SYNC_KEYS.email, 'old@example.com');
    store(LICENSE_USER_NAME_KEY, 'Ben');
    expect(renderForm().userNameField).toHaveProperty('value', 'Ben');
  });

  it('sends the trimmed name and remembers it for the next activation', async () => {
    const { fetch } = await installTestLicense();
    const { userEvent: user, userNameField } = renderForm();
    expect(userNameField).toHaveProperty('value', '');
    await user.type(userNameField, '  Ana Lima ');
    await user.click(screen.getByLabelText('License key'));
    await user.paste(TEST_LICENSE_KEY);
    await user.click(screen.getByRole('button', { name: 'Activate' }));
    await waitFor(() => expect(useLicenseStore.getState().snapshot.state.kind).toBe('licensed'));
    expect(activationBodies(fetch)).toEqual([expect.objectContaining({ userName: 'Ana Lima' })]);
    expect(JSON.parse(window.localStorage.getItem(LICENSE_USER_NAME_KEY)!)).toBe('Ana Lima');
  });

  it('an empty field sends no userName, and forgets the remembered one', async () => {
    const { fetch } = await installTestLicense();
    store(LICENSE_USER_NAME_KEY, 'Ben');
    const { userEvent: user, userNameField } = renderForm();
    await user.clear(userNameField);
    await user.type(userNameField, '   ');
    await user.click(screen.getByLabelText('License key'));
    await user.paste(TEST_LICENSE_KEY);
    await user.click(screen.getByRole('button', { name: 'Activate' }));
    await waitFor(() => expect(useLicenseStore.getState().snapshot.state.kind).toBe('licensed'));
    const [body] = activationBodies(fetch);
    expect(body).toBeDefined();
    expect(body).not.toHaveProperty('userName');
    expect(window.localStorage.getItem(LICENSE_USER_NAME_KEY)).toBeNull();
  });

  it('a name over 200 characters is refused inline and nothing is sent; 200 is accepted', async () => {
    const { fetch } = await installTestLicense();
    const { userEvent: user, userNameField } = renderForm();
    await user.click(screen.getByLabelText('License key'));
    await user.paste(TEST_LICENSE_KEY);
    await user.click(userNameField);
    await user.paste('a'.repeat(201));
    const message = 'Your name or email can be at most 200 characters.';
    expect(screen.getByRole('alert').textContent).toBe(message);
    expect(userNameField.getAttribute('aria-invalid')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Activate' }));
    expect(screen.getByRole('alert').textContent).toBe(message);
    expect(document.activeElement).toBe(userNameField);
    expect(fetch).not.toHaveBeenCalled();

    await user.type(userNameField, '{Backspace}');
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Activate' }));
    await waitFor(() => expect(useLicenseStore.getState().snapshot.state.kind).toBe('licensed'));
    expect(activationBodies(fetch)).toEqual([expect.objectContaining({ userName: 'a'.repeat(200) })]);
  });

  it('LS11 a second person on a one-user key: the user-limit text and the request to unlink', async () => {
    const { server } = await installTestLicense();
    const teamKey = 'PARLEY-TEAM-AAAA-BBBB-CCCC-DDDD-EEEE-FFFF-GGGG';
    server.addKey(teamKey, 'team', 5, 1);
    // Another device holds the key's one user.
    await server.fetch('http://license.test/api/license/activate', {
      method: 'POST',
      body: JSON.stringify({ key: teamKey, deviceId: 'other', deviceName: 'Other', userName: 'ana' }),
    });
    const { userEvent: user, userNameField } = renderForm();
    await user.type(userNameField, 'ben@example.com');
    await user.click(screen.getByLabelText('License key'));
    await user.paste(teamKey);
    await user.click(screen.getByRole('button', { name: 'Activate' }));
    expect((await screen.findByRole('alert')).textContent).toBe('User limit reached for the license key');
    expect(
      screen.getByText(
        'This license key is already used by the maximum number of people. Unlink the devices of someone who no longer uses it in the License Manager, then re-enter your license key on this device.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/Unlink another device/)).toBeNull();
  });
});
