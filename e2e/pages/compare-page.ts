import { expect, type Locator, type Page } from '@playwright/test';
import { modelOption } from './model-option';

/** Several models at once: "Compare models" beside the picker, the chips above the box, the columns. */
export class ComparePage {
  readonly addButton: Locator;
  readonly search: Locator;
  readonly list: Locator;
  readonly chosen: Locator;
  readonly columns: Locator;
  readonly tabs: Locator;

  constructor(readonly page: Page) {
    this.addButton = page.getByRole('banner').getByRole('button', { name: 'Compare models' });
    this.search = page.getByRole('searchbox', { name: 'Search models' });
    this.list = page.getByRole('listbox', { name: 'Models' });
    this.chosen = page.getByRole('group', { name: 'Also asking' });
    this.columns = page.getByRole('region', { name: 'Answers side by side' });
    this.tabs = page.getByRole('tablist', { name: 'Answers' });
  }

  /** Adds a model from the picker's list (searched by `query`) to the next questions. */
  async add(query: string, title: string) {
    await this.addButton.click();
    await this.search.fill(query);
    await modelOption(this.list, title).click();
    await expect(this.chosen.getByText(title, { exact: true })).toBeVisible();
  }

  column(title: string): Locator {
    return this.columns.getByRole('group', { name: `Answer of ${title}` });
  }

  stop(title: string): Locator {
    return this.column(title).getByRole('button', { name: `Stop ${title}` });
  }

  pick(title: string): Locator {
    return this.column(title).getByRole('button', { name: 'Continue with this' });
  }

  /** The column's answer text, whitespace collapsed (as the request carries it, give or take breaks). */
  async text(title: string): Promise<string> {
    return flat(await this.column(title).locator('.md-body').innerText());
  }
}

export const flat = (text: string) => text.replace(/\s+/g, ' ').trim();
