import { expect, type Browser, type Locator, type Page } from '@playwright/test';
import { docsScreenshot } from '../support/screenshots';
import { openSettings } from './open-settings';
import { SettingsDialog } from './settings-dialog';

export const SYNC_PASSWORD = 'correct horse battery';

/** An account no other test or run uses (the e2e server keeps its database for the whole run). */
export function uniqueEmail(label: string): string {
  return `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.com`;
}

/** Settings > Cloud Sync, and the cloud icon in the top bar. */
export class CloudSyncSettings {
  readonly settings: SettingsDialog;
  readonly status: Locator;
  readonly indicator: Locator;
  readonly syncNowButton: Locator;

  constructor(readonly page: Page) {
    this.settings = new SettingsDialog(page);
    this.status = this.settings.dialog.getByRole('status', { name: 'Sync status' });
    this.indicator = page.getByRole('banner').getByRole('button', { name: /^Cloud sync:/ });
    this.syncNowButton = this.settings.dialog.getByRole('button', { name: 'Sync now' });
  }

  async open() {
    if (!(await this.settings.dialog.isVisible())) await openSettings(this.page);
    await this.settings.showSection('Cloud Sync');
  }

  async close() {
    await this.settings.close();
  }

  field(name: 'Email' | 'Password'): Locator {
    return this.settings.dialog.getByLabel(name, { exact: true });
  }

  async signUp(email: string, password = SYNC_PASSWORD) {
    await this.open();
    await this.settings.dialog.getByRole('radio', { name: 'Create account' }).check();
    await this.submitCredentials(email, password, 'Create account and sync');
  }

  async signIn(email: string, password = SYNC_PASSWORD) {
    await this.open();
    await this.submitCredentials(email, password, 'Sign in and sync');
  }

  private async submitCredentials(email: string, password: string, button: string) {
    await this.field('Email').fill(email);
    await this.field('Password').fill(password);
    await this.settings.dialog.getByRole('button', { name: button }).click();
    await expect(this.settings.dialog.getByText(email, { exact: true })).toBeVisible();
    await this.expectSynced();
  }

  async expectSynced() {
    await expect(this.status).toContainText('Synced', { timeout: 15_000 });
  }

  /** "Sync now", and wait until the sync it started has finished (either way). */
  async syncNow(): Promise<void> {
    await this.open();
    await this.expectIdle();
    const answered = this.page.waitForEvent('requestfinished', (request) => isSyncCall(request.url()));
    const failed = this.page.waitForEvent('requestfailed', (request) => isSyncCall(request.url()));
    await this.syncNowButton.click();
    await Promise.race([answered, failed]);
    await this.expectIdle();
  }

  /** No sync running (the buttons stay enabled while one runs, marked aria-disabled). */
  async expectIdle() {
    await expect(this.syncNowButton).not.toHaveAttribute('aria-disabled', 'true', { timeout: 15_000 });
  }

  async syncNowAndExpectSynced() {
    await this.syncNow();
    await this.expectSynced();
  }

  async fullResync() {
    await this.open();
    await this.expectIdle();
    const answered = this.page.waitForEvent('requestfinished', (request) => isSyncCall(request.url()));
    await this.settings.dialog.getByRole('button', { name: 'Full re-sync' }).click();
    await answered;
    await this.expectIdle();
    await this.expectSynced();
  }

  /** Log out, confirmed; the app clears this device and reloads. */
  async logOut() {
    await this.open();
    await this.settings.dialog.getByRole('button', { name: 'Log out', exact: true }).click();
    const confirm = this.page.getByRole('alertdialog', { name: 'Log out of cloud sync?' });
    await expect(confirm).toContainText('clears all local data on this device');
    await Promise.all([
      this.page.waitForEvent('load'),
      confirm.getByRole('button', { name: 'Log out and clear this device' }).click(),
    ]);
  }

  /** A full-window picture for the docs (docs/screenshots/<name>.png with UPDATE_DOCS_SCREENSHOTS=1). */
  async screenshot(name: string) {
    await docsScreenshot(this.page, name);
  }
}

function isSyncCall(url: string): boolean {
  return new URL(url).pathname === '/api/sync';
}

/**
 * Two devices of one new user, each a browser profile of its own: the laptop signs up, the phone
 * signs in; both come back with Settings closed.
 */
export async function signedInDevices(browser: Browser, label: string) {
  const email = uniqueEmail(label);
  const laptop = await (await browser.newContext()).newPage();
  const phone = await (await browser.newContext()).newPage();
  const laptopSync = new CloudSyncSettings(laptop);
  const phoneSync = new CloudSyncSettings(phone);
  await laptop.goto('/');
  await laptopSync.signUp(email);
  await laptopSync.close();
  await phone.goto('/');
  await phoneSync.signIn(email);
  await phoneSync.close();
  return { email, laptop, phone, laptopSync, phoneSync };
}
