import { expect, test } from '@playwright/test';
import { AppShell } from '../pages/app-shell';
import { keepScreenshot } from '../support/screenshots';

test.describe('App shell on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the chat comes first; the sidebar opens over it and gets out of the way when a chat is chosen', async ({
    page,
  }) => {
    const shell = new AppShell(page);
    await shell.open();
    await shell.expectSidebarCollapsed();
    await expect(shell.main.getByRole('heading', { name: 'Start a conversation' })).toBeVisible();
    await keepScreenshot(page, 'phone-chat-first');

    await shell.expandSidebarButton.tap();
    await shell.expectSidebarOpen();
    await keepScreenshot(page, 'phone-sidebar-open');
    const example = shell.sidebar.getByRole('button', { name: /^\(Example\)/ }).first();
    await example.tap();
    await shell.expectSidebarCollapsed();
    await expect(shell.main.getByRole('article').first()).toBeVisible();
    await keepScreenshot(page, 'phone-example-chat');

    // Opening and closing on the phone does not change what a wide screen remembers.
    await shell.expandSidebarButton.tap();
    await shell.expectSidebarOpen();
    await page.reload();
    await shell.expectSidebarCollapsed();
    await page.setViewportSize({ width: 1280, height: 800 });
    await shell.expectSidebarOpen();
  });
});
