import { expect, type Locator, type Page } from '@playwright/test';

/** The screen that stands before the app while the API keys are encrypted and locked. */
export class UnlockScreen {
  readonly heading: Locator;
  readonly passwordField: Locator;
  readonly unlockButton: Locator;
  readonly forgetButton: Locator;
  readonly forgetDialog: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Unlock Parley' });
    this.passwordField = page.getByLabel('Password', { exact: true });
    this.unlockButton = page.getByRole('button', { name: 'Unlock' });
    this.forgetButton = page.getByRole('button', { name: 'Forget keys and reset' });
    this.forgetDialog = page.getByRole('alertdialog', { name: 'Forget keys and reset?' });
  }

  async expectShown() {
    await expect(this.heading).toBeVisible();
    await expect(this.page.getByRole('navigation', { name: 'Sidebar' })).toHaveCount(0);
  }

  async unlock(password: string) {
    await this.passwordField.fill(password);
    await this.unlockButton.click();
  }
}
