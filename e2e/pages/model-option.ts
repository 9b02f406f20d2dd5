import type { Locator } from '@playwright/test';

/**
 * A model's option in a list of models (the picker's, Compare's): found by its title. Its accessible
 * name is everything it shows, the title then the context length and price.
 */
export function modelOption(list: Locator, title: string): Locator {
  return list.getByRole('option').filter({ has: list.page().getByText(title, { exact: true }) });
}
