import { expect, type Locator, type Page } from '@playwright/test';

/** Test hook of the web app: while this localStorage flag is '1', rendering throws (see crash-test-hook.tsx). */
export const CRASH_FLAG_KEY = 'TM_testCrash';

/** The screen the error boundary shows after a render crash. */
export class FatalErrorScreen {
  readonly heading: Locator;
  readonly technicalDetails: Locator;
  readonly reloadButton: Locator;
  readonly recoveryOptions: Locator;
  readonly dumpButton: Locator;
  readonly dumpText: Locator;
  readonly clearButton: Locator;
  readonly confirmClear: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Something went wrong' });
    this.technicalDetails = page.getByText('Technical details');
    this.reloadButton = page.getByRole('button', { name: 'Reload App' });
    this.recoveryOptions = page.getByText('Recovery Options');
    this.dumpButton = page.getByRole('button', { name: 'Dump All Local Data' });
    this.dumpText = page.getByLabel('All local data (read-only)');
    this.clearButton = page.getByRole('button', { name: 'Clear All Data' });
    this.confirmClear = page.getByRole('alertdialog', { name: 'Clear all data?' });
  }

  /** Sets the crash flag for this origin; the next load shows the fatal screen. */
  async armCrashHook() {
    await this.page.evaluate((key) => localStorage.setItem(key, '1'), CRASH_FLAG_KEY);
  }

  async disarmCrashHook() {
    await this.page.evaluate((key) => localStorage.removeItem(key), CRASH_FLAG_KEY);
  }

  async expectShown() {
    await expect(this.heading).toBeVisible();
    await expect(this.page.getByText('The app has been corrupted by an unexpected error')).toBeVisible();
  }
}
