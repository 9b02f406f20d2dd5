import { expect, test } from '@playwright/test';
import { ApiKeysSection } from '../pages/api-keys-section';
import { AppShell } from '../pages/app-shell';
import { openSettings } from '../pages/open-settings';
import { BrowserStorage } from '../pages/browser-storage';
import { UnlockScreen } from '../pages/unlock-screen';
import { keepScreenshot } from '../support/screenshots';
import { SIM_URL } from '../support/env';

const OPENAI_KEY = 'sk-e2e-PLAINTEXT-openai-4f8a2c19d7';
const ANTHROPIC_KEY = 'sk-ant-e2e-PLAINTEXT-anthropic-77b1e0';
const PASSWORD = 'correct horse battery';

test.describe('API keys', () => {
  // Each password check runs PBKDF2 600,000 times on purpose: leave room on a busy machine.
  test.describe.configure({ timeout: 60_000 });

  test('a new user enters keys and endpoints; they are still there after a reload', async ({ page }) => {
    const shell = new AppShell(page);
    await shell.open();
    await openSettings(page);
    const keys = new ApiKeysSection(page);
    await keys.open();

    await expect(keys.endpointField('OpenAI')).toHaveValue('https://api.openai.com/v1');
    await expect(keys.endpointField('Anthropic')).toHaveValue('https://api.anthropic.com/v1');
    await expect(keys.endpointField('Gemini')).toHaveValue(
      'https://generativelanguage.googleapis.com/v1beta',
    );
    await expect(keys.endpointField('OpenRouter')).toHaveValue('https://openrouter.ai/api/v1');
    await expect(keys.keyField('OpenAI')).toHaveAttribute('type', 'password');

    await keys.keyField('OpenAI').fill(OPENAI_KEY);
    await keys.keyField('Anthropic').fill(ANTHROPIC_KEY);
    await keys.endpointField('OpenAI').fill('not a url');
    await expect(keys.dialog.getByText('Enter a full URL starting with http:// or https://')).toBeVisible();
    await keys.endpointField('OpenAI').fill(`${SIM_URL}/v1`);
    await expect(keys.dialog.getByText('Enter a full URL starting with http:// or https://')).toBeHidden();
    await keys.endpointField('Gemini').fill('https://gemini-proxy.example.test/v1beta');

    await keys.dialog.getByRole('button', { name: 'Show OpenAI API key' }).click();
    await expect(keys.keyField('OpenAI')).toHaveAttribute('type', 'text');
    await keepScreenshot(page, 'api-keys-section');

    await page.reload();
    await openSettings(page);
    await keys.open();
    await expect(keys.keyField('OpenAI')).toHaveValue(OPENAI_KEY);
    await expect(keys.keyField('OpenAI')).toHaveAttribute('type', 'password');
    await expect(keys.keyField('Anthropic')).toHaveValue(ANTHROPIC_KEY);
    await expect(keys.keyField('Gemini')).toHaveValue('');
    await expect(keys.endpointField('OpenAI')).toHaveValue(`${SIM_URL}/v1`);
    await expect(keys.endpointField('Gemini')).toHaveValue('https://gemini-proxy.example.test/v1beta');

    await keys.resetEndpointButton('Gemini').click();
    await expect(keys.endpointField('Gemini')).toHaveValue(
      'https://generativelanguage.googleapis.com/v1beta',
    );
    await page.reload();
    await openSettings(page);
    await keys.open();
    await expect(keys.endpointField('Gemini')).toHaveValue(
      'https://generativelanguage.googleapis.com/v1beta',
    );
  });

  test('a password encrypts the keys: asked on every open, wrong one refused, no plaintext stored', async ({
    page,
  }) => {
    const shell = new AppShell(page);
    await shell.open();
    await openSettings(page);
    const keys = new ApiKeysSection(page);
    await keys.open();
    await keys.keyField('OpenAI').fill(OPENAI_KEY);
    await keys.setPassword(PASSWORD);
    await keepScreenshot(page, 'api-keys-password-set');
    await keys.keyField('Anthropic').fill(ANTHROPIC_KEY);
    await expect(keys.keyField('Anthropic')).toHaveValue(ANTHROPIC_KEY);

    await page.reload();
    const unlock = new UnlockScreen(page);
    await unlock.expectShown();
    await keepScreenshot(page, 'unlock-screen');

    await unlock.unlock('not the password');
    await expect(page.getByRole('alert').filter({ hasText: 'Incorrect password' })).toBeVisible({
      timeout: 15_000,
    });
    await unlock.expectShown();
    await keepScreenshot(page, 'unlock-screen-incorrect');

    // With the app locked, nothing in the browser may hold a key in plaintext.
    const storage = new BrowserStorage(page);
    await storage.addSentinelDatabase('scanner-sentinel');
    const dump = await storage.dumpEverything();
    // The scan does read both places: the vault entry and a record planted in IndexedDB show up.
    expect(dump.localStorage).toContain('TM_keyVault');
    expect(dump.indexedDB).toContain('scanner-sentinel');
    for (const secret of [OPENAI_KEY, ANTHROPIC_KEY]) {
      expect(dump.localStorage).not.toContain(secret);
      expect(dump.indexedDB).not.toContain(secret);
    }

    await unlock.unlock(PASSWORD);
    await expect(shell.main).toBeVisible({ timeout: 15_000 });
    await openSettings(page);
    await keys.open();
    await expect(keys.keyField('OpenAI')).toHaveValue(OPENAI_KEY);
    await expect(keys.keyField('Anthropic')).toHaveValue(ANTHROPIC_KEY);

    const afterUnlock = await new BrowserStorage(page).dumpEverything();
    expect(afterUnlock.localStorage).not.toContain(OPENAI_KEY);
    expect(afterUnlock.indexedDB).not.toContain(OPENAI_KEY);
  });

  test('unencrypted keys beside a password are counted and encrypted after re-entering it', async ({
    page,
  }) => {
    const shell = new AppShell(page);
    await shell.open();
    await openSettings(page);
    const keys = new ApiKeysSection(page);
    await keys.open();
    await keys.setPassword(PASSWORD);
    // An older version or an import left two keys in plaintext next to the password.
    await page.evaluate(() => {
      const vault = JSON.parse(localStorage.getItem('TM_keyVault')!) as Record<string, unknown>;
      vault.plainKeys = { gemini: 'AIza-legacy-plaintext', openrouter: 'sk-or-legacy-plaintext' };
      localStorage.setItem('TM_keyVault', JSON.stringify(vault));
    });
    await page.reload();
    await new UnlockScreen(page).unlock(PASSWORD);
    await openSettings(page);
    await keys.open();
    await expect(keys.unencryptedWarning).toContainText(
      'You have 2 unencrypted API keys. Please re-enter your password to encrypt them.',
    );
    await expect(keys.keyField('Gemini')).toHaveValue('AIza-legacy-plaintext');
    await keepScreenshot(page, 'api-keys-unencrypted-warning');

    const field = keys.unencryptedWarning.getByLabel('Password', { exact: true });
    await field.fill('wrong');
    await keys.unencryptedWarning.getByRole('button', { name: 'Encrypt keys' }).click();
    await expect(keys.unencryptedWarning.getByText('Incorrect password')).toBeVisible({ timeout: 15_000 });
    await field.fill(PASSWORD);
    await keys.unencryptedWarning.getByRole('button', { name: 'Encrypt keys' }).click();
    await expect(keys.unencryptedWarning).toBeHidden({ timeout: 15_000 });
    const stored = await page.evaluate(() => localStorage.getItem('TM_keyVault'));
    expect(stored).not.toContain('legacy-plaintext');
  });

  test('"Forget keys and reset" deletes the encrypted keys after confirmation', async ({ page }) => {
    const shell = new AppShell(page);
    await shell.open();
    await openSettings(page);
    const keys = new ApiKeysSection(page);
    await keys.open();
    await keys.keyField('OpenAI').fill(OPENAI_KEY);
    await keys.setPassword(PASSWORD);
    await page.reload();

    const unlock = new UnlockScreen(page);
    await unlock.forgetButton.click();
    await expect(unlock.forgetDialog).toBeVisible();
    await unlock.forgetDialog.getByRole('button', { name: 'Cancel' }).click();
    await unlock.expectShown();

    await unlock.forgetButton.click();
    await unlock.forgetDialog.getByRole('button', { name: 'Forget keys' }).click();
    await expect(shell.main).toBeVisible();
    await page.reload();
    await expect(shell.main).toBeVisible();
    await openSettings(page);
    await keys.open();
    await expect(keys.keyField('OpenAI')).toHaveValue('');
    await expect(keys.dialog.getByRole('button', { name: 'Set password' })).toBeVisible();
  });
});
