import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { ProviderKeyFields } from '../../src/features/api-keys/ProviderKeyFields';
import { createI18n } from '../../src/i18n';
import { AppStateProvider } from '../../src/state';
import { createKeyVaultStore } from '../../src/state/key-vault/key-vault-store';
import { browserVaultCrypto } from '../../src/state/key-vault/vault-crypto';
import { testAppState } from '../support/test-app-state';

describe("a provider's key fields read the provider registry", () => {
  it('names the provider and hints at its key prefix when a typed key lacks it, saving the key anyway', async () => {
    let saved: string | null = null;
    const keyVault = createKeyVaultStore(
      { read: () => saved, write: (text) => void (saved = text) },
      browserVaultCrypto(globalThis.crypto),
    );
    render(
      <I18nextProvider i18n={createI18n()}>
        <AppStateProvider state={testAppState({ keyVault })}>
          <ProviderKeyFields provider="anthropic" />
        </AppStateProvider>
      </I18nextProvider>,
    );
    const field = screen.getByLabelText('Anthropic API key', { selector: 'input' });
    const hint = 'Anthropic keys usually start with sk-ant-.';
    await userEvent.type(field, 'sk-proj-123');
    expect(screen.getByText(hint)).toBeTruthy();
    expect(field.getAttribute('aria-describedby')).toBeTruthy();
    expect(keyVault.getState().keys.anthropic).toBe('sk-proj-123');
    await userEvent.clear(field);
    await userEvent.type(field, 'sk-ant-456');
    expect(screen.queryByText(hint)).toBeNull();
  });
});
