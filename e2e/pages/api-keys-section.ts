import { expect, type Locator, type Page } from '@playwright/test';
import { SettingsDialog } from './settings-dialog';

export type ProviderName = 'OpenAI' | 'Anthropic' | 'Gemini' | 'OpenRouter';

/** Settings > API keys: a key and an endpoint per provider, and the password that encrypts the keys. */
export class ApiKeysSection {
  readonly settings: SettingsDialog;
  readonly dialog: Locator;
  readonly unencryptedWarning: Locator;

  constructor(readonly page: Page) {
    this.settings = new SettingsDialog(page);
    this.dialog = this.settings.dialog;
    this.unencryptedWarning = this.dialog.getByRole('alert').filter({ hasText: 'unencrypted API key' });
  }

  async open() {
    await this.settings.showSection('API keys');
  }

  keyField(provider: ProviderName): Locator {
    return this.dialog.getByLabel(`${provider} API key`, { exact: true });
  }

  endpointField(provider: ProviderName): Locator {
    return this.dialog.getByLabel(`${provider} endpoint`, { exact: true });
  }

  resetEndpointButton(provider: ProviderName): Locator {
    return this.dialog.getByRole('button', { name: `Reset to default: ${provider} endpoint` });
  }

  passwordField(label: string): Locator {
    return this.dialog.getByLabel(label, { exact: true });
  }

  async setPassword(password: string) {
    await this.passwordField('New password').fill(password);
    await this.passwordField('Confirm password').fill(password);
    await this.dialog.getByRole('button', { name: 'Set password' }).click();
    await expect(this.dialog.getByRole('button', { name: 'Change password' })).toBeVisible({
      timeout: 15_000,
    });
  }
}
