import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { ChatPage } from '../pages/chat-page';
import { DataSection, sidebarChat } from '../pages/data-section';
import { RawParleyDatabase } from '../pages/data-raw-idb';
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

/** The export without its own time stamp, which differs between two exports by design. */
const withoutStamp = (text: string) => text.replace(/"exportedAt":"[^"]+",/, '');

test('IM24 IM30 export everything, clear all storage, import the zip: every record is back byte for byte', async ({
  page,
}) => {
  test.setTimeout(90_000);
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
    {
      table: 'settings',
      id: 'defaultTemperature',
      value: { key: 'defaultTemperature', value: 0.3, updatedAt: now },
    },
  ]);
  await page.reload();
  await expect(chat.composer).toBeVisible();

  const before = await exportEverything(section);
  const data = before.file.data;
  expect(data.chats).toHaveLength(3);
  expect(data.folders).toHaveLength(1);
  expect(data.prompts).toHaveLength(1);
  expect(data.characters).toHaveLength(1);
  expect(data.plugins).toHaveLength(1);
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
  await expect(section.count('chats')).toHaveText('3');
  await expect(section.count('folders')).toHaveText('1');
  await expect(section.count('prompts')).toHaveText('1');
  await expect(section.count('agents')).toHaveText('1');
  await expect(section.count('plugins')).toHaveText('1');
  expect(await section.importAndFinish()).toContain('7 added');
  await page.keyboard.press('Escape');
  await page.reload();
  await expect(chat.composer).toBeVisible();

  const after = await exportEverything(section);
  expect(withoutStamp(after.text)).toBe(withoutStamp(before.text));
  await page.keyboard.press('Escape');
  await sidebarChat(page, 'Soup picture').click();
  await expect(chat.versions(chat.lastAnswer())).toHaveAccessibleName('Version 2 of 2');
});
