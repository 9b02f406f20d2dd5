import { expect, type Locator, type Page } from '@playwright/test';

export type ThemeModeName = 'Light' | 'Dark' | 'System';

/** The Settings dialog: section tabs on the left, the chosen section on the right. */
export class SettingsDialog {
  readonly dialog: Locator;
  readonly closeButton: Locator;
  readonly themeGroup: Locator;

  constructor(readonly page: Page) {
    this.dialog = page.getByRole('dialog', { name: 'Settings' });
    this.closeButton = this.dialog.getByRole('button', { name: 'Close settings' });
    this.themeGroup = this.dialog.getByRole('radiogroup', { name: 'Theme' });
  }

  section(name: string): Locator {
    return this.dialog.getByRole('tab', { name });
  }

  async showSection(name: string) {
    await this.section(name).click();
    await expect(this.section(name)).toHaveAttribute('aria-selected', 'true');
  }

  themeOption(mode: ThemeModeName): Locator {
    return this.themeGroup.getByRole('radio', { name: mode });
  }

  async chooseTheme(mode: ThemeModeName) {
    await this.showSection('General');
    await this.themeOption(mode).check();
    await expect(this.themeOption(mode)).toBeChecked();
  }

  async close() {
    await this.page.keyboard.press('Escape');
    await expect(this.dialog).toBeHidden();
  }
}
