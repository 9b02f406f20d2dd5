import { expect, test } from '@playwright/test';
import { ApiKeysSection } from '../pages/api-keys-section';
import { AppShell } from '../pages/app-shell';
import { BrowserStorage } from '../pages/browser-storage';
import { ChatPage } from '../pages/chat-page';
import { answerRequestsWithKey, uniqueKey } from '../pages/chat-sim-log';
import { CustomModelsSection } from '../pages/custom-models-section';
import { openSettings } from '../pages/open-settings';
import { UnlockScreen } from '../pages/unlock-screen';
import { keepScreenshot } from '../support/screenshots';
import { SIM_URL } from '../support/env';

const PASSWORD = 'correct horse battery';

test.describe('Custom model secrets', () => {
  // Setting the password and unlocking each run PBKDF2 600,000 times on purpose.
  test.describe.configure({ timeout: 60_000 });

  test('an Authorization header reaches the model server but is stored nowhere in plaintext', async ({
    page,
  }) => {
    const secret = uniqueKey('sk-custom-e2e');
    const shell = new AppShell(page);
    await shell.open();
    const settings = await openSettings(page);
    const keys = new ApiKeysSection(page);
    await keys.open();
    await keys.setPassword(PASSWORD);

    const models = new CustomModelsSection(page);
    await models.open();
    await models.addButton.click();
    await models.fill({
      title: 'Sim Custom',
      modelId: 'sim-custom-model',
      endpoint: `${SIM_URL}/v1/chat/completions`,
    });
    await models.addHeaderRow('Authorization', `Bearer ${secret}`);
    await expect(models.field('Headers row 1 value')).toHaveAttribute('type', 'password');
    await keepScreenshot(page, 'custom-model-secret-row');
    await models.saveButton.click();
    await expect(models.item('Sim Custom')).toBeVisible();
    await settings.closeButton.click();
    await expect(settings.dialog).toBeHidden();

    const chat = new ChatPage(page);
    await chat.chooseModel('Sim Custom');
    await chat.send('Hello custom model');
    await expect(chat.lastAnswer()).not.toBeEmpty({ timeout: 15_000 });
    await expect(chat.stopButton).toHaveCount(0, { timeout: 15_000 });

    // The model's own server got the header the user typed.
    const first = await answerRequestsWithKey(secret);
    expect(first).toHaveLength(1);
    expect(first[0]?.headers.authorization).toBe(`Bearer ${secret}`);
    expect(first[0]?.path).toBe('/v1/chat/completions');

    // Nothing in the browser holds it in plaintext: not the vault, not the settings, not the chat.
    const storage = new BrowserStorage(page);
    const dump = await storage.dumpEverything();
    expect(dump.localStorage).toContain('TM_keyVault');
    // The scan does see the custom model itself (its row is kept, with an empty value).
    expect(dump.indexedDB).toContain('sim-custom-model');
    expect(dump.indexedDB).toContain('Authorization');
    expect(dump.localStorage).not.toContain(secret);
    expect(dump.indexedDB).not.toContain(secret);

    await page.reload();
    const unlock = new UnlockScreen(page);
    await unlock.expectShown();
    await unlock.unlock(PASSWORD);
    await expect(shell.main).toBeVisible({ timeout: 15_000 });

    // The open chat still uses the custom model, and its secret came back from the vault.
    await expect(chat.modelPicker).toHaveText('Sim Custom');
    await chat.send('Still there?');
    await expect(chat.answers).toHaveCount(2, { timeout: 15_000 });
    await expect(chat.stopButton).toHaveCount(0, { timeout: 15_000 });
    await expect.poll(async () => (await answerRequestsWithKey(secret)).length).toBe(2);

    // Editing shows the value from the vault, masked.
    await openSettings(page);
    await models.open();
    await models.editButton('Sim Custom').click();
    await expect(models.field('Headers row 1 value')).toHaveValue(`Bearer ${secret}`);
    await expect(models.field('Headers row 1 value')).toHaveAttribute('type', 'password');

    const afterUnlock = await new BrowserStorage(page).dumpEverything();
    expect(afterUnlock.localStorage).not.toContain(secret);
    expect(afterUnlock.indexedDB).not.toContain(secret);
  });
});
