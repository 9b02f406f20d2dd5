import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { ChatPage } from '../pages/chat-page';
import { DataSection, sidebarChat } from '../pages/data-section';
import { RawParleyDatabase, rawChat } from '../pages/data-raw-idb';
import { pngFile } from '../pages/document-fixtures';
import { ImportExportSection } from '../pages/import-export-section';
import { appFiles } from '../support/import-files';

type ExportFile = { exportedAt: string; data: Record<string, unknown[] | { entries: unknown[] }> };

async function exportEverything(
  section: ImportExportSection,
): Promise<{ path: string; file: ExportFile; text: string }> {
  await section.open();
  const download = await section.exportZip();
  expect(download.suggestedFilename()).toMatch(/^parley-export-\d{4}-\d{2}-\d{2}\.zip$/);
  const path = await download.path();
  const text = strFromU8(unzipSync(readFileSync(path))['parley-export.json']!);
  return { path, file: JSON.parse(text) as ExportFile, text };
}

const PICTURE_ID = 'att-5a1f0c3e9b7d4e2f8a6c1b0d3e5f7a9c';

/** A chat whose question holds a picture, and the picture's bytes in the attachments table. */
async function plantChatWithPicture(page: Page) {
  const now = new Date().toISOString();
  const { chat, summary } = rawChat({ id: 'ch-harbour', title: 'Harbour photo', updatedAt: now });
  // Fields in the order the app writes them, so the export compares byte for byte after import.
  const message = (id: string, parentId: string | null, role: string, content: unknown) => ({
    id,
    parentId,
    role,
    content,
    createdAt: now,
    updatedAt: now,
    schemaVersion: 2,
  });
  (chat as { messages: unknown[] }).messages = [
    message('ch-harbour-m0', null, 'user', [
      { type: 'image_url', image_url: { url: `attachment:${PICTURE_ID}` } },
      { type: 'text', text: 'What is in this photo?' },
    ]),
    message('ch-harbour-m1', 'ch-harbour-m0', 'assistant', 'A harbour at dusk.'),
  ];
  await new RawParleyDatabase(page).put([
    { table: 'chats', id: 'ch-harbour', value: chat },
    { table: 'chatSummaries', id: 'ch-harbour', value: summary },
  ]);
  const png = pngFile('harbour.png', 40, 30);
  await page.evaluate(
    async ({ id, base64, now }) => {
      const data = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open('parley');
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      const record = {
        schemaVersion: 1,
        id,
        mimeType: 'image/png',
        name: 'harbour.png',
        size: data.byteLength,
        chatID: null,
        createdAt: now,
        updatedAt: now,
        deletedAt: null,
        syncedAt: null,
        data,
      };
      await new Promise<void>((resolve, reject) => {
        const tx = db.transaction('attachments', 'readwrite');
        tx.objectStore('attachments').put(record, id);
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(tx.error);
      });
      db.close();
    },
    { id: PICTURE_ID, base64: png.buffer.toString('base64'), now },
  );
}

/** The export without its own time stamp, which differs between two exports by design. */
const withoutStamp = (text: string) => text.replace(/"exportedAt":"[^"]+",/, '');

test('IM24 IM30 export everything, clear all storage, import the zip: every record is back byte for byte', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const chat = new ChatPage(page);
  const section = new ImportExportSection(page);
  await chat.open();
  // A library with branches, a folder, a tag, a prompt, an agent, a plugin and settings.
  for (const file of appFiles().slice(0, 3)) {
    await section.open();
    await section.choose(file);
    await section.importAndFinish();
    await page.keyboard.press('Escape');
  }
  const now = new Date().toISOString();
  await new RawParleyDatabase(page).put([
    {
      table: 'plugins',
      id: 'plugin-dice',
      value: { id: 'plugin-dice', title: 'Dice', code: 'return 4', createdAt: now, updatedAt: now },
    },
    // IM33: the profile and a memory entry go with everything else.
    {
      table: 'profiles',
      id: 'profile-ana',
      value: {
        id: 'profile-ana',
        name: 'Ana',
        about: 'Writes in Lisbon',
        isCurrent: true,
        createdAt: now,
        updatedAt: now,
      },
    },
    {
      table: 'memory',
      id: 'memory-tea',
      value: { id: 'memory-tea', content: 'Prefers green tea', createdAt: now, updatedAt: now },
    },
    {
      table: 'settings',
      id: 'defaultTemperature',
      value: { key: 'defaultTemperature', value: 0.3, updatedAt: now },
    },
  ]);
  await plantChatWithPicture(page);
  await page.reload();
  await expect(chat.composer).toBeVisible();

  const before = await exportEverything(section);
  const data = before.file.data;
  expect(data.chats).toHaveLength(4);
  // IM32: the picture's record in the file, its bytes beside it in the zip.
  expect(data.attachments).toEqual([expect.objectContaining({ id: PICTURE_ID, mimeType: 'image/png' })]);
  expect(unzipSync(readFileSync(before.path))[`attachments/${PICTURE_ID}`]?.byteLength).toBeGreaterThan(0);
  expect(data.folders).toHaveLength(1);
  expect(data.prompts).toHaveLength(1);
  expect(data.characters).toHaveLength(1);
  expect(data.plugins).toHaveLength(1);
  expect(data.profiles).toEqual([expect.objectContaining({ id: 'profile-ana', name: 'Ana' })]);
  expect(data.memory).toEqual([expect.objectContaining({ content: 'Prefers green tea' })]);
  expect((data.settings as { entries: unknown[] }).entries.length).toBeGreaterThan(0);
  expect(before.text).not.toContain('never-import-me');
  await page.keyboard.press('Escape');

  const dataSection = new DataSection(page);
  await dataSection.open();
  await dataSection.openClear();
  await dataSection.confirmField.fill('delete');
  await dataSection.clearButton.click();
  await expect(chat.composer).toBeVisible({ timeout: 15_000 });
  await expect(sidebarChat(page, 'Soup picture')).toHaveCount(0);

  await section.open();
  await section.choose(before.path);
  await expect(section.preview).toContainText('is a Parley export');
  await expect(section.count('chats')).toHaveText('4');
  await expect(section.count('folders')).toHaveText('1');
  await expect(section.count('prompts')).toHaveText('1');
  await expect(section.count('agents')).toHaveText('1');
  await expect(section.count('plugins')).toHaveText('1');
  await expect(section.count('profiles')).toHaveText('1');
  await expect(section.count('memory entries')).toHaveText('1');
  // The picture's bytes are in the zip: the preview counts them.
  await expect(section.count('attachments')).toHaveText('1');
  expect(await section.importAndFinish()).toContain('10 added');
  await page.keyboard.press('Escape');
  await page.reload();
  await expect(chat.composer).toBeVisible();

  const after = await exportEverything(section);
  expect(withoutStamp(after.text)).toBe(withoutStamp(before.text));
  await page.keyboard.press('Escape');
  await sidebarChat(page, 'Soup picture').click();
  await expect(chat.versions(chat.lastAnswer())).toHaveAccessibleName('Version 2 of 2');

  // The picture shows again after clear-all and import: read from the restored attachments table.
  await sidebarChat(page, 'Harbour photo').click();
  const picture = chat.userMessages.first().getByRole('img', { name: 'Image', exact: true });
  await expect(picture).toBeVisible();
  await expect
    .poll(() => picture.evaluate((element) => (element as HTMLImageElement).naturalWidth), {
      timeout: 15_000,
    })
    .toBe(40);
});
