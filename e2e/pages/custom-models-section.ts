import { expect, type Locator, type Page } from '@playwright/test';
import { SettingsDialog } from './settings-dialog';

export type CustomModelFields = {
  title?: string;
  modelId?: string;
  endpoint?: string;
  contextLength?: string;
  apiType?: 'OpenAI-compatible' | 'Anthropic (Claude)' | 'Gemini';
};

/** Settings > Custom models: the list, and the add/edit form that replaces it while open. */
export class CustomModelsSection {
  readonly settings: SettingsDialog;
  readonly dialog: Locator;
  readonly list: Locator;
  readonly emptyState: Locator;
  readonly addButton: Locator;
  readonly saveButton: Locator;

  constructor(readonly page: Page) {
    this.settings = new SettingsDialog(page);
    this.dialog = this.settings.dialog;
    this.list = this.dialog.getByRole('list', { name: 'Custom models' });
    this.emptyState = this.dialog.getByText('No custom models yet.');
    this.addButton = this.dialog.getByRole('button', { name: 'Add custom model' });
    this.saveButton = this.dialog.getByRole('button', { name: 'Save model' });
  }

  async open() {
    await this.settings.showSection('Custom models');
  }

  field(label: string): Locator {
    return this.dialog.getByLabel(label, { exact: true });
  }

  async fill(fields: CustomModelFields) {
    if (fields.title !== undefined) await this.field('Title').fill(fields.title);
    if (fields.modelId !== undefined) await this.field('Model ID').fill(fields.modelId);
    if (fields.endpoint !== undefined) await this.field('Endpoint').fill(fields.endpoint);
    if (fields.contextLength !== undefined) await this.field('Context length').fill(fields.contextLength);
    if (fields.apiType !== undefined) await this.field('API type').selectOption({ label: fields.apiType });
  }

  async addHeaderRow(key: string, value: string) {
    await this.dialog.getByRole('button', { name: 'Add header' }).click();
    const index = await this.dialog.getByLabel(/^Headers row \d+ key$/).count();
    await this.field(`Headers row ${index} key`).fill(key);
    await this.field(`Headers row ${index} value`).fill(value);
    return index;
  }

  item(title: string): Locator {
    return this.list.getByRole('listitem').filter({ hasText: title });
  }

  editButton(title: string): Locator {
    return this.dialog.getByRole('button', { name: `Edit ${title}`, exact: true });
  }

  deleteButton(title: string): Locator {
    return this.dialog.getByRole('button', { name: `Delete ${title}`, exact: true });
  }

  async deleteModel(title: string) {
    await this.deleteButton(title).click();
    const confirm = this.page.getByRole('alertdialog', { name: 'Delete custom model?' });
    await expect(confirm).toContainText(title);
    await confirm.getByRole('button', { name: 'Delete model' }).click();
    await expect(confirm).toBeHidden();
  }
}
