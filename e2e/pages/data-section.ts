import { expect, type Locator, type Page } from '@playwright/test';
import { openSettings } from './open-settings';

/** Settings > Data and its two screens, "Recover lost data" and "Clear all storage". */
export class DataSection {
  readonly dialog: Locator;
  readonly overviewHeading: Locator;
  readonly backupButton: Locator;
  readonly recoverLink: Locator;
  readonly clearLink: Locator;
  readonly recoverHeading: Locator;
  readonly restoreAllButton: Locator;
  readonly nothingToRecover: Locator;
  readonly clearHeading: Locator;
  readonly confirmField: Locator;
  readonly clearButton: Locator;

  constructor(readonly page: Page) {
    this.dialog = page.getByRole('dialog', { name: 'Settings' });
    this.overviewHeading = this.dialog.getByRole('heading', { name: 'Data on this device' });
    this.backupButton = this.dialog.getByRole('button', { name: 'Download a backup' });
    this.recoverLink = this.dialog.getByRole('button', { name: /^Recover lost data/ });
    this.clearLink = this.dialog.getByRole('button', { name: /^Clear all storage/ });
    this.recoverHeading = this.dialog.getByRole('heading', { name: 'Recover lost data' });
    this.restoreAllButton = this.dialog.getByRole('button', { name: /^Restore (all|\d+ item)/ });
    this.nothingToRecover = this.dialog.getByText('Nothing to recover');
    this.clearHeading = this.dialog.getByRole('heading', { name: 'Clear all storage' });
    this.confirmField = this.dialog.getByLabel('Type "delete" to confirm');
    this.clearButton = this.dialog.getByRole('button', { name: 'Clear all storage', exact: true });
  }

  async open() {
    const settings = await openSettings(this.page);
    await settings.showSection('Data');
    await expect(this.overviewHeading).toBeVisible();
  }

  async openRecover() {
    await this.recoverLink.click();
    await expect(this.recoverHeading).toBeVisible();
  }

  async openClear() {
    await this.clearLink.click();
    await expect(this.clearHeading).toBeVisible();
  }

  /** A found item's row in "Recover lost data". */
  lostItem(title: string): Locator {
    return this.dialog.getByRole('listitem').filter({ hasText: title });
  }

  async restore(title: string) {
    await this.dialog.getByRole('button', { name: `Restore ${title}` }).click();
  }
}

/** A chat's row in the sidebar list, by title (its name starts with the title; its menu button's does not). */
export function sidebarChat(page: Page, title: string): Locator {
  const escaped = title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return page
    .getByRole('navigation', { name: 'Sidebar' })
    .getByRole('list', { name: 'Chats' })
    .getByRole('button', { name: new RegExp(`^${escaped}`) });
}
