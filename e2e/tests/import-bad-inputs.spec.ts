import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { strToU8, zipSync } from 'fflate';
import { ChatPage } from '../pages/chat-page';
import { RawParleyDatabase } from '../pages/data-raw-idb';
import { ImportExportSection } from '../pages/import-export-section';
import { chatGPTConversation, typingMindBackup } from '../support/import-files';
import { ARTIFACTS_DIR } from '../support/env';

/** Sets a zip's declared uncompressed sizes (local header and central directory) to `size`. */
function declareSize(zip: Uint8Array, size: number): Buffer {
  const out = Buffer.from(zip);
  for (let i = 0; i < out.length - 4; i++) {
    const sig = out.readUInt32LE(i);
    if (sig === 0x04034b50) out.writeUInt32LE(size, i + 22);
    if (sig === 0x02014b50) out.writeUInt32LE(size, i + 24);
  }
  return out;
}

test.describe('Import: bad input changes nothing', () => {
  test('IM7 truncated JSON, a zip bomb (its real bytes counted, not its headers), path traversal names, a corrupt zip, 100 MB of one string: a clear message each', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const chat = new ChatPage(page);
    const section = new ImportExportSection(page);
    const raw = new RawParleyDatabase(page);
    await chat.open();
    await section.open();
    const before = await raw.ids('chats');
    const full = JSON.stringify(typingMindBackup);
    const bigFile = path.join(ARTIFACTS_DIR, 'one-string-100mb.json');
    mkdirSync(ARTIFACTS_DIR, { recursive: true });
    writeFileSync(bigFile, `"${'a'.repeat(100 * 1024 * 1024)}"`);
    const cases: { name: string; body: Buffer | string; message: string }[] = [
      {
        name: 'cut.json',
        body: Buffer.from(full.slice(0, full.length - 10)),
        message: 'The file is not valid JSON',
      },
      {
        // Its headers claim 2 GB: the limit counts what comes out, so it reads like any small export.
        name: 'declares-2gb.zip',
        body: declareSize(zipSync({ 'data.json': strToU8(full) }), 0x7fffffff),
        message: '',
      },
      {
        // The attack: 70 MiB of tiny JSON objects in a zip of a few hundred kB.
        name: 'bomb.zip',
        body: Buffer.from(
          zipSync({ 'conversations.json': [strToU8(`[${'{},'.repeat(24_500_000)}{}]`), { level: 1 }] }),
        ),
        message: 'The archive unpacks to more than 64 MB, far more than an export of its size holds',
      },
      {
        name: 'escape.zip',
        body: Buffer.from(zipSync({ '../../data.json': strToU8(full) })),
        message: 'not an export Parley knows',
      },
      {
        name: 'broken.zip',
        body: Buffer.from(zipSync({ 'data.json': strToU8(full) })).subarray(0, 60),
        message: 'The archive is corrupt',
      },
      { name: 'one-string-100mb.json', body: bigFile, message: 'not an export Parley knows' },
    ];
    for (const item of cases) {
      await section.choose(typeof item.body === 'string' ? item.body : { name: item.name, body: item.body });
      if (item.message === '') {
        await expect(section.count('chats'), item.name).not.toHaveText('0', { timeout: 30_000 });
        await section.dialog.getByRole('button', { name: 'Cancel' }).click();
        continue;
      }
      await expect(section.failure, item.name).toContainText(
        `${item.name} could not be imported. Nothing was changed.`,
        { timeout: 30_000 },
      );
      await expect(section.failure, item.name).toContainText(item.message);
    }
    expect(await raw.ids('chats')).toEqual(before);
  });

  test('IM8 a file of another app with wrong types: each bad item is named, the rest imports', async ({
    page,
  }) => {
    const chat = new ChatPage(page);
    const section = new ImportExportSection(page);
    await chat.open();
    await section.open();
    const file = [
      { title: 'No tree', id: 'x' },
      'not a conversation',
      chatGPTConversation('good', 'The good one'),
    ];
    await section.choose({ name: 'conversations.json', body: Buffer.from(JSON.stringify(file)) });
    await expect(section.count('chats')).toHaveText('1');
    const problems = section.preview.getByTestId('import-problems');
    await expect(problems).toContainText('conversation 1 (No tree): it has no message tree (mapping)');
    await expect(problems).toContainText('conversation 2: not an object');
    expect(await section.importAndFinish()).toContain('1 added');
  });
});
