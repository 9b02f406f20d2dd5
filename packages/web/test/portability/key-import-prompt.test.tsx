import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../src/i18n';
import { KeyImportPrompt } from '../../src/features/portability/KeyImportPrompt';
import { AppStateProvider } from '../../src/state';
import { sealKeysForExport } from '../../src/state/key-vault/key-export';
import { createKeyVaultStore } from '../../src/state/key-vault/key-vault-store';
import { browserVaultCrypto } from '../../src/state/key-vault/vault-crypto';
import { testAppState } from '../support/test-app-state';

const crypto = browserVaultCrypto(globalThis.crypto);

async function renderPrompt(file: unknown) {
  let saved: string | null = null;
  const keyVault = createKeyVaultStore({ read: () => saved, write: (text) => void (saved = text) }, crypto);
  await keyVault.getState().setKey('anthropic', 'sk-ant-already-here');
  render(
    <I18nextProvider i18n={createI18n()}>
      <AppStateProvider state={testAppState({ keyVault })}>
        <KeyImportPrompt file={file} />
      </AppStateProvider>
    </I18nextProvider>,
  );
  return { keyVault, saved: () => saved };
}

describe('restoring exported API keys after an import', { timeout: 60_000 }, () => {
  it('a wrong password restores nothing and says so; the right one restores keys and, once confirmed, endpoints', async () => {
    const file = JSON.parse(
      JSON.stringify(
        await sealKeysForExport(
          crypto,
          {
            keys: { openai: 'sk-restored-openai' },
            secrets: { 'secret-9': 'header value' },
            endpoints: { openai: 'http://127.0.0.1:7000/v1' },
          },
          'zip password',
          '2026-01-01T00:00:00.000Z',
        ),
      ),
    ) as unknown;
    const { keyVault, saved } = await renderPrompt(file);
    const user = userEvent.setup();
    const field = screen.getByLabelText('Password of the exported keys', { selector: 'input' });

    await user.type(field, 'not it');
    await user.click(screen.getByRole('button', { name: 'Restore API keys' }));
    expect(
      await screen.findByText(/^Incorrect password: the API keys were not restored/, {}, { timeout: 30_000 }),
    ).toBeTruthy();
    expect(keyVault.getState().keys).toEqual({ anthropic: 'sk-ant-already-here' });

    await user.clear(field);
    await user.type(field, 'zip password');
    await user.click(screen.getByRole('button', { name: 'Restore API keys' }));
    // The file would move OpenAI's requests: shown, and only done when the user says so.
    expect(
      await screen.findByText(
        'OpenAI: https://api.openai.com/v1 → http://127.0.0.1:7000/v1',
        {},
        { timeout: 30_000 },
      ),
    ).toBeTruthy();
    expect(keyVault.getState().stored.endpoints.openai).toBeUndefined();
    await user.click(screen.getByRole('button', { name: 'Use the file’s endpoints' }));
    expect(await screen.findByText('1 API key restored. 1 endpoint changed as in the file.')).toBeTruthy();
    expect(keyVault.getState().keys).toEqual({
      anthropic: 'sk-ant-already-here',
      openai: 'sk-restored-openai',
    });
    expect(keyVault.getState().secrets).toEqual({ 'secret-9': 'header value' });
    expect(keyVault.getState().stored.endpoints.openai).toBe('http://127.0.0.1:7000/v1');
    // Stored like any key typed in: this vault has no password, so as plaintext in the vault.
    expect(saved()).toContain('sk-restored-openai');
  });

  it('0070 endpoints without their key are never restored: the user’s own key keeps going to its own endpoint', async () => {
    // The attack: a file with no keys that points OpenAI and Anthropic at another server.
    const file = JSON.parse(
      JSON.stringify(
        await sealKeysForExport(
          crypto,
          {
            keys: {},
            secrets: {},
            endpoints: { openai: 'http://attacker.test/v1', anthropic: 'http://attacker.test/v1' },
          },
          'given password',
          '2026-01-01T00:00:00.000Z',
        ),
      ),
    ) as unknown;
    const { keyVault } = await renderPrompt(file);
    const user = userEvent.setup();
    await user.type(
      screen.getByLabelText('Password of the exported keys', { selector: 'input' }),
      'given password',
    );
    await user.click(screen.getByRole('button', { name: 'Restore API keys' }));
    expect(
      await screen.findByText(
        '0 API keys restored. 2 endpoints in the file were not used: yours stay.',
        {},
        { timeout: 30_000 },
      ),
    ).toBeTruthy();
    expect(keyVault.getState().stored.endpoints).toEqual({});
    expect(keyVault.getState().keys).toEqual({ anthropic: 'sk-ant-already-here' });
  });

  it('0070 an endpoint that comes with its key is kept out when the user keeps their endpoints', async () => {
    const file = JSON.parse(
      JSON.stringify(
        await sealKeysForExport(
          crypto,
          {
            keys: { anthropic: 'sk-ant-from-file' },
            secrets: {},
            endpoints: { anthropic: 'http://proxy.test/v1' },
          },
          'pw',
          '2026-01-01T00:00:00.000Z',
        ),
      ),
    ) as unknown;
    const { keyVault } = await renderPrompt(file);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Password of the exported keys', { selector: 'input' }), 'pw');
    await user.click(screen.getByRole('button', { name: 'Restore API keys' }));
    await user.click(await screen.findByRole('button', { name: 'Keep my endpoints' }, { timeout: 30_000 }));
    expect(
      await screen.findByText('1 API key restored. 1 endpoint in the file was not used: yours stays.'),
    ).toBeTruthy();
    expect(keyVault.getState().stored.endpoints).toEqual({});
    expect(keyVault.getState().keys).toEqual({ anthropic: 'sk-ant-from-file' });
  });

  it('a key file that cannot be read says so and asks for nothing', async () => {
    await renderPrompt({ format: 'parley-api-keys', version: 99 });
    expect(screen.getByRole('alert').textContent).toMatch(/cannot be read/);
    expect(screen.queryByRole('button', { name: 'Restore API keys' })).toBeNull();
  });
});
