import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createKeyVaultStore } from '../../src/state/key-vault/key-vault-store';
import { browserVaultCrypto } from '../../src/state/key-vault/vault-crypto';
import { createI18n } from '../../src/i18n';
import { KEY_VAULT_STORAGE_KEY, localVaultStorage } from '../../src/adapters/storage';
import { VaultGate } from '../../src/features/api-keys/VaultGate';
import { AppStateProvider, useProviderAccess } from '../../src/state';
import { testAppState } from '../support/test-app-state';

/** A vault with a password, written the way the app writes it. */
async function storeLockedVault(password: string) {
  let saved: string | null = null;
  const vault = createKeyVaultStore(
    { read: () => null, write: (text) => void (saved = text) },
    browserVaultCrypto(globalThis.crypto),
  );
  await vault.getState().setKey('openai', 'sk-gate-test');
  await vault.getState().setPassword(password);
  localStorage.setItem(KEY_VAULT_STORAGE_KEY, saved!);
}

/** The app builds its vault from localStorage when it starts: build it afresh per test. */
async function renderGate() {
  const keyVault = createKeyVaultStore(localVaultStorage(window), browserVaultCrypto(globalThis.crypto));
  function KeyProbe() {
    const access = useProviderAccess()('openai');
    return <p>{`app open, key ${access.apiKey ?? 'none'}`}</p>;
  }
  render(
    <I18nextProvider i18n={createI18n()}>
      <AppStateProvider state={testAppState({ keyVault })}>
        <VaultGate>
          <KeyProbe />
        </VaultGate>
      </AppStateProvider>
    </I18nextProvider>,
  );
}

describe('VaultGate', { timeout: 60_000 }, () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => localStorage.clear());

  it('shows the app at once when no password is set', async () => {
    await renderGate();
    expect(screen.getByText('app open, key none')).toBeTruthy();
  });

  it('asks for the password first: a wrong one is refused, the right one opens the app with the key', async () => {
    await storeLockedVault('open sesame');
    await renderGate();
    const user = userEvent.setup();
    // The unlock screen is its own chunk, fetched when the vault is locked (decision 0141).
    expect(await screen.findByRole('heading', { name: 'Unlock Parley' })).toBeTruthy();
    expect(screen.queryByText(/app open/)).toBeNull();

    await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Unlock' }));
    expect(await screen.findByText('Incorrect password', {}, { timeout: 30_000 })).toBeTruthy();
    expect(screen.queryByText(/app open/)).toBeNull();

    await user.clear(screen.getByLabelText('Password', { selector: 'input' }));
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'open sesame');
    await user.click(screen.getByRole('button', { name: 'Unlock' }));
    expect(await screen.findByText('app open, key sk-gate-test', {}, { timeout: 30_000 })).toBeTruthy();
  });

  it('"Forget keys and reset" asks first, then deletes the keys and opens the app', async () => {
    await storeLockedVault('open sesame');
    await renderGate();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Forget keys and reset' }));
    await user.click(await screen.findByRole('button', { name: 'Forget keys' }));
    expect(await screen.findByText('app open, key none')).toBeTruthy();
    expect(JSON.parse(localStorage.getItem(KEY_VAULT_STORAGE_KEY)!)).toMatchObject({
      lock: null,
      sealedKeys: {},
    });
  });
});
