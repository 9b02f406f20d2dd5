import { expect, test } from '@playwright/test';
import { ChatPage } from '../pages/chat-page';
import { PalettePage } from '../pages/palette-page';
import { PromptLibrary } from '../pages/prompt-library';
import { uniqueKey } from '../pages/chat-sim-log';
import { keepScreenshot } from '../support/screenshots';

const TRIP = 'Plan a {{days:3}}-day trip to {{city}} for a {{budget|small|medium|large}} budget.';

test.describe('Prompt library', () => {
  test('a prompt with three blanks fills in through the dialog, the palette and /, and survives reload', async ({
    page,
  }) => {
    // Two page loads and a dozen dialogs: on a 2-core runner it runs past 30 s.
    test.slow();
    const chat = new ChatPage(page);
    const library = new PromptLibrary(page);
    await chat.seedKeys({ openai: uniqueKey() });
    await chat.open();
    const box = page.getByLabel('Message', { exact: true });

    await library.open();
    // PV5: an empty prompt is refused with the spec's message.
    await library.dialog.getByRole('button', { name: 'New prompt' }).click();
    await library.dialog.getByRole('button', { name: 'Save' }).click();
    await expect(library.dialog.getByRole('alert')).toHaveText('Title and prompt cannot be empty');
    await library.dialog.getByRole('button', { name: 'Cancel' }).click();
    await library.create('Trip planner', TRIP);
    await expect(library.section('Community prompts').getByRole('listitem')).toHaveCount(10);

    // From the library: one field per blank, the default filled in, the choice a select.
    await library.use('Trip planner');
    await expect(library.fillDialog.getByLabel('days')).toHaveValue('3');
    await expect(library.fillDialog.getByLabel('budget')).toHaveValue('small');
    await library.fillDialog.getByLabel('city').fill('Lisbon');
    await library.fillDialog.getByLabel('budget').selectOption('large');
    await library.fillDialog.getByRole('button', { name: 'Insert' }).click();
    await expect(box).toHaveValue('Plan a 3-day trip to Lisbon for a large budget.');
    await expect(box).toBeFocused();

    // From `/` at the start of the box: filtered as typed, Enter chooses.
    await box.fill('');
    await box.pressSequentially('/trip');
    await expect(library.slashMenu.getByRole('option')).toHaveCount(1);
    await expect(library.slashMenu.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
    await box.press('Enter');
    await library.fillDialog.getByLabel('city').fill('Porto');
    await library.fillDialog.getByLabel('days').fill('5');
    await library.fillDialog.getByRole('button', { name: 'Insert' }).click();
    await expect(box).toHaveValue('Plan a 5-day trip to Porto for a small budget.');

    // `/` anywhere but first opens nothing; Escape closes the menu and leaves the text.
    await box.fill('a/b');
    await expect(library.slashMenu).toBeHidden();
    await box.fill('');
    await box.pressSequentially('/');
    await expect(library.slashMenu).toBeVisible();
    await box.press('Escape');
    await expect(library.slashMenu).toBeHidden();
    await expect(box).toHaveValue('/');

    // From the command palette.
    await box.fill('');
    const palette = new PalettePage(page);
    await palette.open();
    await palette.input.fill('trip planner');
    await palette.dialog.getByRole('option', { name: 'Trip planner' }).click();
    await library.fillDialog.getByLabel('city').fill('Faro');
    await library.fillDialog.getByRole('button', { name: 'Insert' }).click();
    await expect(box).toHaveValue('Plan a 3-day trip to Faro for a small budget.');

    await page.reload();
    await library.open();
    await expect(library.row('Trip planner')).toBeVisible();
  });

  test("a prompt's blanks from `/`: the first blank takes focus, no tooltip covers the dialog", async ({
    page,
  }) => {
    const chat = new ChatPage(page);
    const library = new PromptLibrary(page);
    const tooltips = page.locator('[role="tooltip"]');
    // A combobox while the `/` menu is open: found by its label.
    const box = page.getByLabel('Message', { exact: true });
    for (const screen of [
      { name: 'wide', width: 1280, height: 800, dark: false },
      { name: 'phone-dark', width: 390, height: 844, dark: true },
    ]) {
      await page.setViewportSize({ width: screen.width, height: screen.height });
      await page.emulateMedia({ colorScheme: screen.dark ? 'dark' : 'light' });
      await chat.open();
      await box.fill('');
      // The keyboard all the way: `/`, the name, Enter (the browser then shows focus rings and tooltips).
      await box.pressSequentially('/explain like');
      await expect(library.slashMenu.getByRole('option')).toHaveCount(1);
      await box.press('Enter');
      await expect(library.fillDialog.getByLabel('topic')).toBeFocused();
      await expect(tooltips).toHaveCount(0);
      await keepScreenshot(page, `prompt-blanks-focus-${screen.name}`);
      await page.keyboard.type('tides');
      await page.keyboard.press('Enter');
      await expect(box).toHaveValue(/^Explain tides to someone who is new to it\./);
      await expect(tooltips).toHaveCount(0);
    }
  });

  test('malformed blanks insert as written; a community prompt is copied, edited and deleted', async ({
    page,
  }) => {
    // Two page loads and a dozen dialogs: on a 2-core runner it runs past 30 s.
    test.slow();
    const chat = new ChatPage(page);
    const library = new PromptLibrary(page);
    await chat.seedKeys({ openai: uniqueKey() });
    await chat.open();
    const box = page.getByLabel('Message', { exact: true });
    await library.open();
    const broken = 'Keep {{ this and {{}} and {{a {{b}} as written';
    await library.create('Broken', broken);
    await library.use('Broken');
    // Only {{b}} can be read (PV3): it gets a field; everything else stays literal.
    await library.fillDialog.getByLabel('b').fill('B');
    await library.fillDialog.getByRole('button', { name: 'Insert' }).click();
    await expect(box).toHaveValue('Keep {{ this and {{}} and {{a B as written');

    await library.open();
    await library.create('Literal', 'Use {{ alone and {{}} freely');
    await library.use('Literal');
    await expect(library.fillDialog).toBeHidden();
    await expect(box).toHaveValue(
      'Keep {{ this and {{}} and {{a B as written\n\nUse {{ alone and {{}} freely',
    );

    await library.open();
    const community = library.section('Community prompts');
    await community
      .getByRole('listitem')
      .filter({ hasText: 'Proofread and improve' })
      .getByRole('button', { name: 'Copy to My prompts' })
      .click();
    await library.dialog.getByLabel('Title').fill('My proofreader');
    await library.dialog.getByRole('button', { name: 'Save' }).click();
    await expect(
      library.section('My prompts').getByRole('heading', { name: 'My proofreader' }),
    ).toBeVisible();
    await library.dialog.getByLabel('Search prompts').fill('proofreader');
    await expect(library.section('My prompts').getByRole('listitem')).toHaveCount(1);
    await library.row('My proofreader').getByRole('button', { name: 'Delete' }).click();
    await expect(library.row('My proofreader')).toBeHidden();
    await page.reload();
    await library.open();
    await expect(library.row('My proofreader')).toBeHidden();
    await expect(library.row('Broken')).toBeVisible();
  });
});
