import { expect, type Locator, type Page } from '@playwright/test';
import { openSettings } from './open-settings';

/** Settings → Web search, and the composer's globe button. */
export class WebSearch {
  readonly button: Locator;

  constructor(readonly page: Page) {
    this.button = page.getByRole('main').getByRole('button', { name: 'Search the web for the next message' });
  }

  async configure(fields: {
    engine: 'Google Programmable Search' | 'SearXNG';
    values: Record<string, string>;
  }) {
    const settings = await openSettings(this.page);
    await settings.showSection('Web search');
    await settings.dialog.getByLabel('Search engine', { exact: true }).selectOption({ label: fields.engine });
    for (const [label, value] of Object.entries(fields.values)) {
      await settings.dialog.getByLabel(label, { exact: true }).fill(value);
    }
    await settings.dialog.getByRole('button', { name: 'Save', exact: true }).click();
    // The toast of an earlier save may still be shown: the newest one is this save's.
    await expect(this.page.getByText('Web search settings saved.').last()).toBeVisible();
    await settings.close();
  }

  /** Turns search on for the next message. */
  async arm() {
    await this.button.click();
    await expect(this.button).toHaveAttribute('aria-pressed', 'true');
  }
}
