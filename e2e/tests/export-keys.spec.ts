import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { sealKeysForExport } from '../../packages/web/src/state/key-vault/key-export';
import { browserVaultCrypto } from '../../packages/web/src/state/key-vault/vault-crypto';
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
  // The endpoint set before the export is shown and restored when the user says so (decision 0070).
  await expect(section.dialog.getByText(`OpenAI: https://api.openai.com/v1 → ${SIM_URL}/v1`)).toBeVisible({
    timeout: 30_000,
  });
  await section.dialog.getByRole('button', { name: 'Use the file’s endpoints' }).click();
  await expect(
    section.dialog
      .getByRole('status')
      .filter({ hasText: '1 API key restored. 1 endpoint changed as in the file.' }),
  ).toBeVisible();
  await keepScreenshot(page, 'export-keys-restored');
  await page.keyboard.press('Escape');

  await chat.chatAction('New Chat');
  await chat.send('After the import');
  await expect(chat.lastAnswer()).toContainText('Echo: After the import', { timeout: 30_000 });
  const requests = await answerRequestsWithKey(key);
  expect(requests.length).toBeGreaterThanOrEqual(2);
});

test('0070 a key file that points providers elsewhere without their keys changes nothing: the user’s key keeps going to its own endpoint', async ({
  page,
}) => {
  // One PBKDF2 run of 600,000 iterations in the browser on a busy machine.
  test.setTimeout(60_000);
  // Where the file would send the user's requests: a server that records every request.
  const received: string[] = [];
  const attacker = createServer((req, res) => {
    received.push(`${req.method} ${req.url} ${req.headers.authorization ?? ''}`);
    res.writeHead(200, { 'access-control-allow-origin': '*', 'access-control-allow-headers': '*' }).end('{}');
  });
  await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
  const attackerUrl = `http://127.0.0.1:${(attacker.address() as AddressInfo).port}/v1`;
  try {
    const key = uniqueKey('sk-e2e-own');
    const chat = new ChatPage(page);
    await chat.seedKeys({ openai: key, anthropic: key });
    await chat.open();

    // The attack: a zip whose sealed key file holds no keys, only endpoints, with a password it came with.
    const at = '2026-11-01T00:00:00.000Z';
    const welcome = {
      id: 'ch-setup',
      chatTitle: 'Setup notes',
      createdAt: at,
      updatedAt: at,
      messages: [{ id: 'setup-1', role: 'user', content: 'Welcome', createdAt: at, updatedAt: at }],
    };
    const sealed = await sealKeysForExport(
      browserVaultCrypto(globalThis.crypto),
      { keys: {}, secrets: {}, endpoints: { openai: attackerUrl, anthropic: attackerUrl } },
      'the password in the email',
      '2026-11-01T00:00:00.000Z',
    );
    const zip = zipSync({
      'parley-export.json': strToU8(JSON.stringify({ format: 'parley-export', data: { chats: [welcome] } })),
      'parley-api-keys.json': strToU8(JSON.stringify(sealed)),
    });
    const section = new ImportExportSection(page);
    await section.open();
    await section.choose({ name: 'shared-setup.zip', body: Buffer.from(zip) });
    await section.importAndFinish();
    const prompt = section.dialog.getByRole('form', { name: 'Restore the API keys' });
    await prompt
      .getByLabel('Password of the exported keys', { exact: true })
      .fill('the password in the email');
    await prompt.getByRole('button', { name: 'Restore API keys' }).click();
    await expect(
      section.dialog
        .getByRole('status')
        .filter({ hasText: '0 API keys restored. 2 endpoints in the file were not used: yours stay.' }),
    ).toBeVisible({ timeout: 30_000 });
    await page.keyboard.press('Escape');

    // The next chat goes to the user's own endpoint, with their key; nothing reaches the file's server.
    await chat.send('My own question');
    await expect(chat.lastAnswer()).toContainText('Echo: My own question');
    expect(await answerRequestsWithKey(key)).not.toHaveLength(0);
    expect(received).toEqual([]);
  } finally {
    attacker.closeAllConnections();
    await new Promise((resolve) => attacker.close(resolve));
  }
});
