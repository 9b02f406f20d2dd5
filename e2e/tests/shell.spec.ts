import { expect, test } from '@playwright/test';
import { AppShell } from '../pages/app-shell';
import { keepScreenshot } from '../support/screenshots';

test.describe('App shell', () => {
  test('a new visitor sees the sidebar, the top bar and an empty chat', async ({ page }) => {
    const shell = new AppShell(page);
    await shell.open();

    await shell.expectSidebarOpen();
    await expect(shell.newChatButton).toBeVisible();
    // A new visitor finds the example chats (spec section 9) in the sidebar.
    await expect(shell.sidebar.getByRole('button', { name: /^\(Example\)/ }).first()).toBeVisible();
    await expect(shell.main.getByRole('heading', { name: 'Start a conversation' })).toBeVisible();
    await expect(shell.modelPicker).toHaveText('GPT-5.1');
    await expect(shell.settingsButton).toBeVisible();

    await keepScreenshot(page, 'shell-light');
  });

  test('Ctrl+B and the toggle buttons collapse and expand the sidebar, and it stays as left', async ({
    page,
  }) => {
    const shell = new AppShell(page);
    await shell.open();

    await shell.toggleSidebarWithKeyboard();
    await shell.expectSidebarCollapsed();
    await shell.toggleSidebarWithKeyboard();
    await shell.expectSidebarOpen();

    await shell.collapseSidebarButton.click();
    await shell.expectSidebarCollapsed();
    await expect(shell.expandSidebarButton).toBeFocused();
    await keepScreenshot(page, 'shell-light-collapsed');

    await page.reload();
    await shell.expectSidebarCollapsed();

    await shell.expandSidebarButton.click();
    await shell.expectSidebarOpen();
    await expect(shell.collapseSidebarButton).toBeFocused();
  });

  test('the Settings dialog opens, traps focus and closes with Escape, returning focus', async ({ page }) => {
    const shell = new AppShell(page);
    await shell.open();

    const settings = await shell.openSettings();
    await expect(settings.section('General')).toHaveAttribute('aria-selected', 'true');
    await expect(settings.section('General')).toBeFocused();

    for (let step = 0; step < 8; step += 1) {
      await page.keyboard.press('Tab');
      await expect(page.locator(':focus')).toHaveCount(1);
      expect(await settings.dialog.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
    }

    await settings.close();
    await expect(shell.settingsButton).toBeFocused();
  });
});
