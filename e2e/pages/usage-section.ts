import { expect, type Locator, type Page } from '@playwright/test';
import { SettingsDialog } from './settings-dialog';

/** Settings > Usage: totals, the cost-by-day chart and the by-model table. */
export class UsageSection {
  readonly settings: SettingsDialog;
  readonly dialog: Locator;
  readonly chart: Locator;
  readonly byModel: Locator;
  readonly emptyState: Locator;

  constructor(readonly page: Page) {
    this.settings = new SettingsDialog(page);
    this.dialog = this.settings.dialog;
    this.chart = this.dialog.getByRole('img', { name: /^Bar chart of cost per day over the last \d+ days$/ });
    this.byModel = this.dialog.getByRole('table', { name: 'By model' });
    this.emptyState = this.dialog.getByText('No usage recorded in this range.');
  }

  async open() {
    await this.settings.showSection('Usage');
  }

  range(label: '7 days' | '30 days' | '90 days'): Locator {
    return this.dialog.getByRole('radiogroup', { name: 'Range' }).getByRole('radio', { name: label });
  }

  /** The value shown under a total's label ("Total cost", "Total tokens", "Requests"). */
  total(label: string): Locator {
    return this.dialog.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');
  }

  async expectModelRow(model: string) {
    await expect(this.byModel.getByRole('rowheader', { name: model })).toBeVisible();
  }
}
