import { expect, test } from '@playwright/test';
import { AppShell } from '../pages/app-shell';
import { FatalErrorScreen } from '../pages/fatal-error-screen';
import { keepScreenshot } from '../support/screenshots';

test.describe('Fatal error screen', () => {
  test('a crash shows the recovery screen; details open; Reload App brings the app back', async ({
    page,
  }) => {
    const shell = new AppShell(page);
    const fatal = new FatalErrorScreen(page);
    await shell.open();

    await fatal.armCrashHook();
    await page.reload();
    await fatal.expectShown();
    await expect(shell.sidebar).toHaveCount(0);

    await fatal.technicalDetails.click();
    await expect(page.getByText(/TestCrashError: Test crash requested/)).toBeVisible();
    await fatal.recoveryOptions.click();
    await expect(fatal.dumpButton).toBeVisible();
    await keepScreenshot(page, 'fatal-error');

    await fatal.disarmCrashHook();
    await fatal.reloadButton.click();
    await shell.expectSidebarOpen();
    await expect(fatal.heading).toHaveCount(0);
  });

  test('the ?__crash=1 URL also triggers it', async ({ page }) => {
    const fatal = new FatalErrorScreen(page);
    await page.goto('/?__crash=1');
    await fatal.expectShown();
  });

  test('Dump All Local Data shows the stored data and its size; Clear All Data asks first', async ({
    page,
  }) => {
    const shell = new AppShell(page);
    const fatal = new FatalErrorScreen(page);
    await shell.open();
    await page.evaluate(() => localStorage.setItem('TM_probe', 'kept-until-cleared'));
    await fatal.armCrashHook();
    await page.reload();

    await fatal.recoveryOptions.click();
    await fatal.dumpButton.click();
    await expect(fatal.dumpText).toHaveValue(/kept-until-cleared/);
    await expect(page.getByText(/^\d[\d,]* bytes \(/)).toBeVisible();

    await fatal.clearButton.click();
    await expect(fatal.confirmClear).toBeVisible();
    await fatal.confirmClear.getByRole('button', { name: 'Cancel' }).click();
    await expect(fatal.confirmClear).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem('TM_probe'))).toBe('kept-until-cleared');

    await fatal.clearButton.click();
    await fatal.confirmClear.getByRole('button', { name: 'Clear everything' }).click();
    // Clearing also removes the crash flag, so the reload lands on the working app.
    await shell.expectSidebarOpen();
    expect(await page.evaluate(() => localStorage.getItem('TM_probe'))).toBeNull();
  });
});
