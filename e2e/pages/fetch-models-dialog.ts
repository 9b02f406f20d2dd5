import { expect, type Locator, type Page } from '@playwright/test';

/** Settings → Custom models → Fetch models: an endpoint's /models, chosen ones added. */
export class FetchModelsDialog {
  readonly dialog: Locator;

  constructor(readonly page: Page) {
    this.dialog = page.getByRole('dialog', { name: 'Fetch models' });
  }

  async openFrom(settingsDialog: Locator) {
    await settingsDialog.getByRole('button', { name: 'Fetch models' }).click();
    await expect(this.dialog).toBeVisible();
  }

  async fetch(url: string) {
    await this.dialog.getByLabel('Server URL').fill(url);
    await this.dialog.getByRole('button', { name: 'Fetch', exact: true }).click();
  }

  model(id: string): Locator {
    return this.dialog.getByRole('checkbox', { name: id, exact: true });
  }

  async add(count: number) {
    await this.dialog.getByRole('button', { name: `Add ${count} model${count === 1 ? '' : 's'}` }).click();
    await expect(this.dialog).toBeHidden();
  }
}
