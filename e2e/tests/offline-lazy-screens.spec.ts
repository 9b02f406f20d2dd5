import { readFileSync } from 'node:fs';
import { expect, test, type Locator } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { AgentsScreen } from '../pages/agents-screen';
import { ChatPage } from '../pages/chat-page';
import { ImportExportSection } from '../pages/import-export-section';
import { ModelPickerPage } from '../pages/model-picker-page';
import { openSettings } from '../pages/open-settings';
import { PalettePage } from '../pages/palette-page';
import { PluginsScreen } from '../pages/plugins-screen';
import { PromptLibrary } from '../pages/prompt-library';
import { SidebarPage } from '../pages/sidebar-page';
import { expectNoRawKeys, waitForPrefetch } from '../pages/raw-keys';

/**
 * Screens that are chunks of their own (code and strings, decision 0060) are fetched after the
 * first screen has painted, so each opens when the network is gone before it was ever opened, and
 * shows its strings, not raw keys.
 */
const SETTINGS_SECTIONS: Array<[tab: string, shows: (panel: Locator) => Locator]> = [
  ['General', (panel) => panel.getByRole('radiogroup', { name: 'Theme' })],
  ['API keys', (panel) => panel.getByText('Your keys stay in this browser.', { exact: false })],
  ['Models', (panel) => panel.getByText('Choose which models the model picker offers', { exact: false })],
  ['Chat', (panel) => panel.getByText('Default model settings')],
  ['Profiles', (panel) => panel.getByText('Tell the model who you are.', { exact: false })],
  ['Memory', (panel) => panel.getByText('Global memory', { exact: true })],
  ['License', (panel) => panel.getByText('Status', { exact: true })],
  ['Cloud Sync', (panel) => panel.getByText('Keep your chats, folders, prompts', { exact: false })],
  [
    'Custom models',
    (panel) => panel.getByText('Add models served by any OpenAI-compatible', { exact: false }),
  ],
  ['Usage', (panel) => panel.getByText('Tokens and estimated cost of your requests', { exact: false })],
  ['Import and export', (panel) => panel.getByText('Bring your chats from ChatGPT', { exact: false })],
  ['Data', (panel) => panel.getByText('Data on this device')],
];

test.describe('Offline: lazy screens open without a network once the app has loaded', () => {
  test('Settings and every section, Agents, Plugins, the prompt library, the palette, the model menu and form, Share', async ({
    page,
    context,
  }) => {
    test.slow(); // eighteen screens in turn
    const chat = new ChatPage(page);
    await chat.open();
    await waitForPrefetch(page);
    await context.setOffline(true);

    const settings = await openSettings(page);
    for (const [tab, shows] of SETTINGS_SECTIONS) {
      // Exact: "Models" is also in "Custom models".
      const tabButton = settings.dialog.getByRole('tab', { name: tab, exact: true });
      await tabButton.click();
      await expect(tabButton).toHaveAttribute('aria-selected', 'true');
      const panel = settings.dialog.getByRole('tabpanel');
      await expect(shows(panel).first()).toBeVisible();
      await expectNoRawKeys(settings.dialog);
    }
    await settings.close();

    const agents = new AgentsScreen(page);
    await agents.open();
    await expect(agents.dialog.getByRole('button', { name: 'New agent' })).toBeVisible();
    await agents.dialog.getByRole('button', { name: 'New agent' }).click();
    await expect(agents.dialog.getByLabel('Name', { exact: true })).toBeVisible();
    await expectNoRawKeys(agents.dialog);
    await page.keyboard.press('Escape');
    await expect(agents.dialog).toBeHidden();

    const plugins = new PluginsScreen(page);
    await plugins.open();
    await expect(
      plugins.dialog.getByText('Remote MCP tools, called from this browser', { exact: false }),
    ).toBeVisible();
    await plugins.dialog.getByRole('button', { name: 'New plugin' }).click();
    await expect(plugins.dialog.getByRole('button', { name: 'New plugin' })).toBeHidden();
    await expectNoRawKeys(plugins.dialog);
    await page.keyboard.press('Escape');
    await expect(plugins.dialog).toBeHidden();

    const prompts = new PromptLibrary(page);
    await prompts.open();
    await expect(prompts.section('Community prompts')).toBeVisible();
    await expectNoRawKeys(prompts.dialog);
    await page.keyboard.press('Escape');
    await expect(prompts.dialog).toBeHidden();

    const palette = new PalettePage(page);
    await palette.open();
    await expectNoRawKeys(palette.dialog);
    await page.keyboard.press('Escape');
    await expect(palette.dialog).toBeHidden();

    const picker = new ModelPickerPage(page);
    await picker.open();
    await expectNoRawKeys(picker.list);
    await page.keyboard.press('Escape');
    await expect(picker.list).toBeHidden();

    await page.getByRole('banner').getByRole('button', { name: 'Model settings' }).click();
    const form = page.getByRole('dialog', { name: 'Model settings' });
    await expect(form.getByText('Defaults for new chats.', { exact: false })).toBeVisible();
    await expectNoRawKeys(form);
    await page.keyboard.press('Escape');
    await expect(form).toBeHidden();

    // Share on a chat with messages: offline and signed out, it opens and says what it needs.
    await new SidebarPage(page).chat('(Example) Explain recursion to a ten-year-old').click();
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    const share = page.getByRole('dialog', { name: 'Share chat' });
    await expect(
      share.getByText('Share links are kept on your cloud sync server.', { exact: false }),
    ).toBeVisible();
    await expectNoRawKeys(share);
  });

  test('export and import work when the network is gone after the app has loaded', async ({
    page,
    context,
  }) => {
    const chat = new ChatPage(page);
    await chat.open();
    await waitForPrefetch(page);
    await context.setOffline(true);

    // Export: the zip is written by the worker, whose script came ahead with the section.
    const section = new ImportExportSection(page);
    await section.open();
    const download = await section.exportZip();
    const zipPath = await download.path();
    const file = JSON.parse(strFromU8(unzipSync(readFileSync(zipPath))['parley-export.json']!)) as {
      format: string;
    };
    expect(file.format).toBe('parley-export');

    // Import, still offline: read, previewed and written by the same worker.
    const at = '2026-11-01T10:00:00.000Z';
    const backup = {
      format: 'parley-export',
      data: {
        chats: [
          {
            id: 'ch-offline',
            chatTitle: 'Written on a train',
            createdAt: at,
            updatedAt: at,
            messages: [
              { id: 'off-1', role: 'user', content: 'No signal here', createdAt: at, updatedAt: at },
            ],
          },
        ],
      },
    };
    await section.choose({ name: 'train.json', body: Buffer.from(JSON.stringify(backup)) });
    await expect(section.count('chats')).toHaveText('1');
    expect(await section.importAndFinish()).toContain('1 added');
    await page.keyboard.press('Escape');
    await expect(new SidebarPage(page).chat('Written on a train')).toBeVisible();
  });
});
