import { expect, type Locator, type Page } from '@playwright/test';
import { SettingsDialog } from './settings-dialog';

/** Settings → Models: show or hide each model, and move it within its provider. */
export class ModelsSection {
  readonly settings: SettingsDialog;
  readonly dialog: Locator;

  constructor(readonly page: Page) {
    this.settings = new SettingsDialog(page);
    this.dialog = this.settings.dialog;
  }

  async open() {
    await this.dialog.getByRole('tab', { name: 'Models', exact: true }).click();
  }

  shown(title: string): Locator {
    return this.dialog.getByRole('checkbox', { name: `Show ${title} in the model picker`, exact: true });
  }

  group(provider: string): Locator {
    return this.dialog.getByRole('list', { name: provider, exact: true });
  }

  async hide(title: string) {
    await this.shown(title).uncheck();
    await expect(this.shown(title)).not.toBeChecked();
  }

  /** Alt+↑ on the model's row (keyboard reordering). */
  async moveUpWithKeyboard(title: string) {
    await this.shown(title).focus();
    await this.page.keyboard.press('Alt+ArrowUp');
  }
}
