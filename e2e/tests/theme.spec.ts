import { expect, test } from '@playwright/test';
import { AppShell } from '../pages/app-shell';
import { keepScreenshot } from '../support/screenshots';

test.describe('Theme', () => {
  test('choosing Dark applies it at once and it survives a reload', async ({ page }) => {
    const shell = new AppShell(page);
    await shell.open();
    expect(await shell.appliedTheme()).toBe('light');

    const settings = await shell.openSettings();
    await settings.chooseTheme('Dark');
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await keepScreenshot(page, 'settings-dark');
    await settings.close();

    await page.reload();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await expect(shell.main).toBeVisible();
    await keepScreenshot(page, 'shell-dark');

    const reopened = await shell.openSettings();
    await expect(reopened.themeOption('Dark')).toBeChecked();
  });

  test('System follows the operating system, live', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    const shell = new AppShell(page);
    await shell.open();
    expect(await shell.appliedTheme()).toBe('dark');

    await page.emulateMedia({ colorScheme: 'light' });
    await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);

    const settings = await shell.openSettings();
    await expect(settings.themeOption('System')).toBeChecked();
    await settings.chooseTheme('Dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  });

  test('a saved dark theme is applied before the app script runs (no light flash)', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('TM_themeMode', JSON.stringify('dark')));
    // Block the app bundle: only the inline pre-paint script in index.html can set the class.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto('/');
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  });
});
