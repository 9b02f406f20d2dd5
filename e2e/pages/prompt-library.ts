import { expect, type Locator, type Page } from '@playwright/test';

/** The prompt library (sidebar entry), its editor and the fill-in dialog of a prompt's blanks. */
export class PromptLibrary {
  readonly dialog: Locator;
  readonly fillDialog: Locator;
  readonly slashMenu: Locator;

  constructor(readonly page: Page) {
    this.dialog = page.getByRole('dialog', { name: 'Prompt library' });
    this.fillDialog = page.getByRole('dialog').filter({ has: page.getByRole('button', { name: 'Insert' }) });
    this.slashMenu = page.getByRole('listbox', { name: 'Prompts' });
  }

  async open() {
    await this.page
      .getByRole('navigation', { name: 'Sidebar' })
      .getByRole('button', { name: 'Prompt library' })
      .click();
    await expect(this.dialog).toBeVisible();
  }

  section(name: 'My prompts' | 'Community prompts'): Locator {
    return this.dialog.getByRole('region', { name });
  }

  row(title: string): Locator {
    return this.dialog
      .getByRole('listitem')
      .filter({ has: this.page.getByRole('heading', { name: title, exact: true }) });
  }

  async create(title: string, content: string) {
    await this.dialog.getByRole('button', { name: 'New prompt' }).click();
    await this.dialog.getByLabel('Title').fill(title);
    await this.dialog.getByLabel('Prompt', { exact: true }).fill(content);
    await this.dialog.getByRole('button', { name: 'Save' }).click();
    await expect(this.row(title)).toBeVisible();
  }

  async use(title: string) {
    await this.row(title).getByRole('button', { name: 'Use' }).click();
  }
}
