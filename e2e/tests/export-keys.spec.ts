import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { ApiKeysSection } from '../pages/api-keys-section';
import { ChatPage } from '../pages/chat-page';
import { answerRequestsWithKey, uniqueKey } from '../pages/chat-sim-log';
import { DataSection } from '../pages/data-section';
import { ImportExportSection } from '../pages/import-export-section';
import { SIM_URL } from '../support/env';
import { keepScreenshot } from '../support/screenshots';

const PASSWORD = 'export keys pass 42';

test('0057 export with the API keys sealed by a password, clear everything, import, enter the password: the key answers again', async ({
  page,
}) => {
  // Three PBKDF2 runs of 600,000 iterations (export, wrong password, right password) on a busy machine.
  test.setTimeout(150_000);
  const key = uniqueKey('sk-e2e-export');
  const chat = new ChatPage(page);
  const keys = new ApiKeysSection(page);
  const section = new ImportExportSection(page);

  // The key is typed in, as a user would (a seeded one would come back by itself after the reload).
  await chat.open();
  // Through the section's own opener: it waits for the dialog's lazily loaded code on a busy machine.
  await section.open();
  await keys.open();
  await keys.keyField('OpenAI').fill(key);
  await keys.endpointField('OpenAI').fill(`${SIM_URL}/v1`);
  await page.keyboard.press('Escape');
  await chat.send('Before the export');
  // The first answer loads the answer code on demand: leave room on a busy machine.
  await expect(chat.lastAnswer()).toContainText('Echo: Before the export', { timeout: 30_000 });

  // Off by default: the keys are only in the zip when asked for, and then with matching passwords.
  await section.open();
  const include = section.dialog.getByRole('checkbox', {
    name: 'Include API keys (encrypted with a password)',
  });
  await expect(include).not.toBeChecked();
  await include.check();
  await section.dialog.getByLabel('Password for the API keys', { exact: true }).fill(PASSWORD);
  await section.dialog.getByLabel('Repeat the password', { exact: true }).fill('something else');
  await section.exportButton.click();
  await expect(section.dialog.getByText('The passwords do not match')).toBeVisible();
  await section.dialog.getByLabel('Repeat the password', { exact: true }).fill(PASSWORD);
  await keepScreenshot(page, 'export-keys-option');
  const download = await section.exportZip();
  const zipPath = await download.path();
  const entries = unzipSync(readFileSync(zipPath));
  const keyFile = strFromU8(entries['parley-api-keys.json']!);
  expect(keyFile).not.toContain(key);
  expect(JSON.parse(keyFile)).toMatchObject({
    format: 'parley-api-keys',
    cipher: 'AES-GCM-256',
    lock: { kdf: 'PBKDF2-SHA-256', iterations: 600_000 },
  });
  expect(strFromU8(entries['parley-export.json']!)).not.toContain(key);
  await page.keyboard.press('Escape');

  const data = new DataSection(page);
  await data.open();
  await data.openClear();
  await data.confirmField.fill('delete');
  await data.clearButton.click();
  await expect(chat.composer).toBeVisible({ timeout: 15_000 });
  await section.open();
  await keys.open();
  await expect(keys.keyField('OpenAI')).toHaveValue('');
  await page.keyboard.press('Escape');

  await section.open();
  await section.choose(zipPath);
  await expect(section.dialog.getByText(/also holds API keys encrypted with a password/)).toBeVisible();
  expect(await section.importAndFinish()).toContain('1 added');
  const prompt = section.dialog.getByRole('form', { name: 'Restore the API keys' });
  const passwordField = prompt.getByLabel('Password of the exported keys', { exact: true });
  await passwordField.fill('not the password');
  await prompt.getByRole('button', { name: 'Restore API keys' }).click();
  await expect(prompt.getByText(/^Incorrect password: the API keys were not restored/)).toBeVisible({
    timeout: 30_000,
  });
  // The rest of the import stays.
  await expect(section.result).toContainText('1 added');
  await passwordField.fill(PASSWORD);
  await prompt.getByRole('button', { name: 'Restore API keys' }).click();
  await expect(section.dialog.getByRole('status').filter({ hasText: '1 API key restored.' })).toBeVisible({
    timeout: 30_000,
  });
  await keepScreenshot(page, 'export-keys-restored');
  await page.keyboard.press('Escape');

  await chat.chatAction('New Chat');
  await chat.send('After the import');
  await expect(chat.lastAnswer()).toContainText('Echo: After the import', { timeout: 30_000 });
  const requests = await answerRequestsWithKey(key);
  expect(requests.length).toBeGreaterThanOrEqual(2);
});
