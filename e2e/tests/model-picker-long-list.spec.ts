import { expect, test } from '@playwright/test';
import { ChatPage } from '../pages/chat-page';
import { uniqueKey } from '../pages/chat-sim-log';
import { ModelPickerPage } from '../pages/model-picker-page';
import { SIM_URL } from '../support/env';

/** OpenRouter's live list of 2,000 models (the simulator's "Vendor N: Sim Model I", I from 0). */
const MODELS = 2000;

test.describe('The model picker with thousands of models', () => {
  test.beforeEach(async ({ page }) => {
    const picker = new ModelPickerPage(page);
    await picker.seedVault(
      { openrouter: uniqueKey('sk-or') },
      { openrouter: `${SIM_URL}/__models/count=${MODELS}/api/v1` },
    );
    await new ChatPage(page).open();
    await picker.open();
    // The live list is in: 2,000 models and the built-in ones of the providers without a key.
    await expect(page.getByText(/^20\d\d models$/)).toBeVisible();
  });

  test('only the rows in view are in the page, and the keyboard reaches the last of them all', async ({
    page,
  }) => {
    const picker = new ModelPickerPage(page);
    const options = picker.list.getByRole('option');
    expect(await options.count()).toBeLessThan(40);

    // Ctrl+End: the last model is active, scrolled into view, and still only a window is rendered.
    await picker.search.press('Control+End');
    const last = picker.option(`Vendor 39: Sim Model ${MODELS - 1}`);
    await expect(last).toBeInViewport();
    await expect(picker.search).toHaveAttribute('aria-activedescendant', (await last.getAttribute('id'))!);
    expect(await options.count()).toBeLessThan(40);
    // Ctrl+Home: back to the top, with the first group's heading.
    await picker.search.press('Control+Home');
    await expect(options.first()).toBeInViewport();
    await expect(picker.search).toHaveAttribute(
      'aria-activedescendant',
      (await options.first().getAttribute('id'))!,
    );
  });

  test('typing filters at each key; the arrows reach the last match and Enter picks it', async ({ page }) => {
    const picker = new ModelPickerPage(page);
    // Typed key by key, as a person would: each key narrows the list shown.
    await picker.search.pressSequentially('vendor-12 model');
    await expect(page.getByText(/^50 models$/)).toBeVisible();
    await expect(picker.list).toHaveAttribute('data-query', 'vendor-12 model');

    await picker.search.press('Control+End');
    const last = picker.option('Vendor 12: Sim Model 1972');
    await expect(last).toBeInViewport();
    await picker.search.press('ArrowUp');
    await expect(picker.search).toHaveAttribute(
      'aria-activedescendant',
      (await picker.option('Vendor 12: Sim Model 1932').getAttribute('id'))!,
    );
    await picker.search.press('ArrowDown');
    await expect(picker.search).toHaveAttribute('aria-activedescendant', (await last.getAttribute('id'))!);
    await page.keyboard.press('Enter');
    await expect(picker.list).toBeHidden();
    await expect(picker.trigger).toHaveText('Vendor 12: Sim Model 1972');
    await expect(picker.trigger).toBeFocused();

    // Opened again, the search is empty and the chosen model is the active option, in view.
    await picker.open();
    await expect(picker.search).toHaveValue('');
    await expect(picker.option('Vendor 12: Sim Model 1972')).toBeInViewport();
    await expect(picker.option('Vendor 12: Sim Model 1972')).toHaveAttribute('aria-selected', 'true');
  });
});
