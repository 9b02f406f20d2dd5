import { expect, type Locator, type Page } from '@playwright/test';
import { SIM_ENDPOINTS, type ProviderKeys } from './chat-page';
import { modelOption } from './model-option';

export type ProviderEndpoints = Partial<Record<keyof typeof SIM_ENDPOINTS, string>>;

/** The top bar's model picker: its popup's search, refresh, "Show all", list problems and options. */
export class ModelPickerPage {
  readonly trigger: Locator;
  readonly list: Locator;
  readonly search: Locator;
  readonly refresh: Locator;
  readonly showAll: Locator;
  readonly problems: Locator;

  constructor(readonly page: Page) {
    this.trigger = page.getByRole('banner').getByRole('combobox', { name: 'Model' });
    this.list = page.getByRole('listbox', { name: 'Models' });
    this.search = page.getByRole('searchbox', { name: 'Search models' });
    this.refresh = page.getByRole('button', { name: 'Refresh model lists' });
    this.showAll = page.getByRole('switch', { name: 'Show all' });
    this.problems = page.getByRole('list', { name: 'Model list problems' });
  }

  /** Keys and endpoints where the API keys screen keeps them, before the app starts (first load only). */
  async seedVault(keys: ProviderKeys, endpoints: ProviderEndpoints = {}) {
    await this.page.addInitScript(
      ({ plainKeys, endpoints }) => {
        if (localStorage.getItem('TM_keyVault') === null) {
          localStorage.setItem('TM_keyVault', JSON.stringify({ version: 1, endpoints, plainKeys }));
        }
      },
      { plainKeys: keys, endpoints: { ...SIM_ENDPOINTS, ...endpoints } },
    );
  }

  async open() {
    await this.trigger.click();
    await expect(this.list).toBeVisible();
    await expect(this.search).toBeFocused();
  }

  option(title: string): Locator {
    return modelOption(this.list, title);
  }

  /** Searches, then picks the model; the picker shows its name after. */
  async choose(title: string) {
    await this.search.fill(title);
    await this.option(title).click();
    await expect(this.trigger).toHaveText(title);
  }
}
