import { expect, test } from '@playwright/test';
import { AppShell } from '../pages/app-shell';
import { openSettings } from '../pages/open-settings';
import { KeyboardShortcutsDialog } from '../pages/keyboard-shortcuts-dialog';
import { keepScreenshot } from '../support/screenshots';

test.describe('Keyboard shortcuts', () => {
  test('"?" opens the list; a rebound shortcut works, survives a reload and resets to default', async ({
    page,
  }) => {
    const shell = new AppShell(page);
    await shell.open();
    const shortcuts = new KeyboardShortcutsDialog(page);
    await shortcuts.openWithQuestionMark();
    // Focus starts on the dialog itself, no tooltip over the list; Tab goes on to its controls.
    const tooltips = page.locator('[role="tooltip"]');
    await expect(shortcuts.dialog).toBeFocused();
    await expect(tooltips).toHaveCount(0);
    await page.keyboard.press('Tab');
    await expect(shortcuts.dialog.getByRole('button', { name: 'Close' })).toBeFocused();
    await expect(tooltips).toHaveText('Close');
    for (const action of ['Search chats', 'Toggle sidebar', 'New chat', 'Copy last message']) {
      await expect(shortcuts.chordButton(action)).toBeVisible();
    }
    await expect(shortcuts.chordButton('Toggle sidebar')).toHaveText('Ctrl B');
    await expect(shortcuts.chordButton('New chat')).toHaveText('Ctrl Shift N');

    // A chord another action holds is refused.
    await shortcuts.record('Toggle sidebar', 'Control+k');
    await expect(shortcuts.dialog.getByRole('alert')).toHaveText('Ctrl+K is already used by Search chats');
    await page.keyboard.press('Control+m');
    await expect(shortcuts.chordButton('Toggle sidebar')).toHaveText('Ctrl M');
    await keepScreenshot(page, 'keyboard-shortcuts-dialog');
    await shortcuts.close();

    await shell.expectSidebarOpen();
    await page.keyboard.press('Control+b');
    await shell.expectSidebarOpen();
    await page.keyboard.press('Control+m');
    await shell.expectSidebarCollapsed();

    await page.reload();
    await shell.expectSidebarCollapsed();
    // The rebound chord applies once the synced settings are read after the reload (the sidebar's own
    // state comes first): a press before that is the default's, which does nothing.
    await expect(async () => {
      if (!(await shell.sidebar.isVisible())) await page.keyboard.press('Control+m');
      await expect(shell.sidebar).toBeVisible({ timeout: 500 });
    }).toPass({ timeout: 10_000 });
    await shell.expectSidebarOpen();

    const settings = await openSettings(page);
    await settings.showSection('Keyboard shortcuts');
    await shortcuts.resetButton('Toggle sidebar', settings.dialog).click();
    await expect(shortcuts.chordButton('Toggle sidebar', settings.dialog)).toHaveText('Ctrl B');
    await settings.close();
    await page.keyboard.press('Control+b');
    await shell.expectSidebarCollapsed();
  });

  test('"?" typed into a text field stays text', async ({ page }) => {
    const shell = new AppShell(page);
    await shell.open();
    const composer = page.getByRole('textbox', { name: 'Message' });
    await composer.click();
    await page.keyboard.type('why?');
    await expect(composer).toHaveValue('why?');
    await expect(new KeyboardShortcutsDialog(page).dialog).toBeHidden();
  });
});
