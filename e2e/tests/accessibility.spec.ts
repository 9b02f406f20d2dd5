import { expect, test } from '@playwright/test';
import { AccessibilityCheck } from '../pages/accessibility-check';
import { AgentsScreen } from '../pages/agents-screen';
import { ChatPage } from '../pages/chat-page';
import { uniqueKey } from '../pages/chat-sim-log';
import { ImportExportSection } from '../pages/import-export-section';
import { KeyboardShortcutsDialog } from '../pages/keyboard-shortcuts-dialog';
import { McpServersSection } from '../pages/mcp-servers';
import { openSettings } from '../pages/open-settings';
import { PalettePage } from '../pages/palette-page';
import { PromptLibrary } from '../pages/prompt-library';
import { waitForPrefetch } from '../pages/raw-keys';
import { CloudSyncSettings, uniqueEmail } from '../pages/sync-settings';
import { appFiles } from '../support/import-files';

/** An open dialog: the page behind it is inert, and is checked on its own. */
const DIALOG = '[role="dialog"], [role="alertdialog"]';

/** An answer (the simulator echoes the question) with the markdown that has colours of its own. */
const QUESTION = [
  'A **bold** word, `code`, a [link](https://example.com) and a list:',
  '',
  '- one',
  '- two',
  '',
  '| Model | Context |',
  '| --- | --- |',
  '| GPT | 128K |',
  '',
  '```js',
  '// a comment',
  'function ask(question, times = 2) {',
  '  return `${question}: ${42 * times}`;',
  '}',
  '```',
].join('\n');

/**
 * axe-core (WCAG 2.x A and AA, best practices, label-in-name) over every screen and dialog, light
 * and dark (decision 0072). One page per theme goes from screen to screen without reloading; a
 * violation is reported once, with the step that first showed it.
 */
for (const theme of ['light', 'dark'] as const) {
  test.describe(`Accessibility (${theme})`, () => {
    // Reduced motion: dialogs are checked as they rest, not half faded in.
    test.use({ colorScheme: theme, reducedMotion: 'reduce' });

    test('axe-core finds no violation on any screen or dialog', async ({ page }) => {
      // About 30 screens and dialogs, each checked by axe (0.2-0.5 s), in one story on purpose.
      test.setTimeout(90_000);
      const check = new AccessibilityCheck(page, theme);
      const chat = new ChatPage(page);
      await chat.seedKeys({ openai: uniqueKey('sk-a11y') });
      await chat.open();
      await waitForPrefetch(page);
      await check.scan('empty chat');

      await chat.send(QUESTION);
      await expect(chat.lastAnswer().getByText(/tokens · /)).toBeVisible();
      await expect(chat.lastAnswer().locator('.shiki-tokens')).toBeVisible();
      await check.scan('chat with an answer');

      await chat.messageAction(chat.lastAnswer(), 'Delete');
      await expect(page.getByRole('alertdialog', { name: 'Delete this message?' })).toBeVisible();
      await check.scan('delete message', DIALOG);
      await page.keyboard.press('Escape');

      // A model whose provider has no key: the accent notice and its Add API key button.
      await chat.chooseModel('Claude Haiku 4.5');
      await expect(chat.main.getByRole('button', { name: 'Add API key' })).toBeVisible();
      await check.scan('missing key notice');

      await chat.modelPicker.click();
      await expect(page.getByRole('listbox', { name: 'Models' })).toBeVisible();
      await check.scan('model picker');
      await page.keyboard.press('Escape');

      await page.getByRole('banner').getByRole('button', { name: 'Model settings' }).click();
      await expect(page.getByRole('dialog', { name: 'Model settings' })).toBeVisible();
      await check.scan('model settings', DIALOG);
      await page.keyboard.press('Escape');

      const agents = new AgentsScreen(page);
      await agents.open();
      await expect(agents.card('Writing Coach')).toBeVisible();
      await check.scan('agents', DIALOG);
      await agents.dialog.getByRole('button', { name: 'New agent' }).click();
      await agents.dialog.getByRole('button', { name: 'Add endpoint' }).click();
      await expect(agents.dialog.getByRole('group', { name: 'Endpoint 1' })).toBeVisible();
      await check.scan('agent editor', DIALOG);
      await page.keyboard.press('Escape');
      await expect(agents.dialog).toBeHidden();

      const prompts = new PromptLibrary(page);
      await prompts.open();
      await expect(prompts.section('Community prompts')).toBeVisible();
      await check.scan('prompt library', DIALOG);
      await page.keyboard.press('Escape');
      await expect(prompts.dialog).toBeHidden();

      const mcp = new McpServersSection(page);
      await mcp.open();
      await check.scan('plugins', DIALOG);
      await mcp.section.getByRole('button', { name: 'Add server' }).first().click();
      await expect(mcp.section.getByRole('form', { name: 'Add an MCP server' })).toBeVisible();
      await check.scan('plugins: add an MCP server', DIALOG);
      await mcp.plugins.close();

      const palette = new PalettePage(page);
      await palette.open();
      await check.scan('command palette', DIALOG);
      await page.keyboard.press('Escape');
      await expect(palette.dialog).toBeHidden();

      const shortcuts = new KeyboardShortcutsDialog(page);
      await shortcuts.openWithQuestionMark();
      await expect(shortcuts.chordButton('New chat')).toBeVisible();
      await check.scan('keyboard shortcuts', DIALOG);
      await shortcuts.close();

      // Every section the Settings dialog lists, in its order.
      const settings = await openSettings(page);
      const tabs = settings.dialog.getByRole('tab');
      const panel = settings.dialog.getByRole('tabpanel');
      const count = await tabs.count();
      expect(count).toBeGreaterThan(8);
      for (let index = 0; index < count; index++) {
        const tab = tabs.nth(index);
        await tab.click();
        await expect(tab).toHaveAttribute('aria-selected', 'true');
        await expect(panel).not.toBeEmpty();
        await expect(panel).not.toContainText('Loading');
        await check.scan(`settings: ${await tab.innerText()}`, DIALOG);
      }

      const importExport = new ImportExportSection(page);
      await settings.showSection('Import and export');
      await importExport.choose(appFiles()[0]!);
      await expect(importExport.confirmButton).toBeVisible();
      await check.scan('import preview', DIALOG);

      const sync = new CloudSyncSettings(page);
      await sync.signUp(uniqueEmail(`a11y-${theme}`));
      await check.scan('settings: Cloud Sync, signed in', DIALOG);
      await sync.close();

      await page.getByRole('button', { name: 'Share', exact: true }).click();
      const share = page.getByRole('dialog', { name: 'Share chat' });
      await share.getByRole('button', { name: 'Create link' }).click();
      await expect(share.getByRole('textbox', { name: 'Share link' })).toBeVisible();
      await check.scan('share', DIALOG);
      await page.keyboard.press('Escape');

      check.expectNone();
    });
  });
}
