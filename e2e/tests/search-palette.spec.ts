import { expect, test } from '@playwright/test';
import { PalettePage } from '../pages/palette-page';
import { libraryChats, seedLibrary, type SeededChat } from '../pages/sidebar-library';
import { keepScreenshot } from '../support/screenshots';

const PHRASE = 'purple giraffe';

/** An old chat (half a year ago) with 40 messages; the phrase is in the 4th, far above the end. */
function oldChatWithPhrase(): SeededChat {
  const messages = Array.from({ length: 40 }, (_, index) =>
    index === 3
      ? `We talked about the zoo. The ${PHRASE.toUpperCase()} sleeps under the lighthouse every night.`
      : `Filler message number ${index} with enough words to take some room on the screen.`,
  );
  return {
    id: 'ch-e2e-old-phrase',
    title: 'Zoo planning',
    updatedAt: new Date(Date.now() - 180 * 86_400_000).toISOString(),
    messages,
  };
}

test.describe('Search from the command palette', () => {
  test('finds a phrase in an old message, highlights it, and opens the chat scrolled there', async ({
    page,
  }) => {
    const palette = new PalettePage(page);
    await page.goto('/');
    await seedLibrary(page, [...libraryChats(200), oldChatWithPhrase()]);

    await palette.open();
    await palette.input.pressSequentially(PHRASE, { delay: 15 });
    const result = palette.result('Zoo planning');
    await expect(result).toBeVisible();
    // Case-insensitive match, marked, with the text around it.
    await expect(result.locator('mark')).toHaveText('PURPLE GIRAFFE');
    await expect(result).toContainText('The PURPLE GIRAFFE sleeps under');
    await expect(palette.dialog.getByRole('option').filter({ hasText: 'Library chat' })).toHaveCount(0);
    await keepScreenshot(page, 'palette-results');

    await page.keyboard.press('Enter');
    await expect(palette.dialog).toBeHidden();
    const messages = page.getByRole('region', { name: 'Messages' });
    const target = messages.getByText(/PURPLE GIRAFFE sleeps/);
    await expect(target).toBeInViewport();
    await expect(page.locator('[data-focused]')).toContainText('PURPLE GIRAFFE');
  });

  test('runs commands: toggle theme, and switch model lists the models', async ({ page }) => {
    const palette = new PalettePage(page);
    await page.goto('/');
    await expect(page.getByRole('main')).toBeVisible();
    const wasDark = await page.evaluate(() => document.documentElement.classList.contains('dark'));
    await palette.open();
    await palette.input.fill('theme');
    await palette.dialog.getByRole('option', { name: 'Toggle theme' }).click();
    await expect
      .poll(() => page.evaluate(() => document.documentElement.classList.contains('dark')))
      .toBe(!wasDark);

    await palette.open();
    await palette.input.fill('switch');
    await page.keyboard.press('Enter');
    await expect(palette.dialog.getByRole('group', { name: 'Switch model' })).toBeVisible();
    await expect(palette.dialog.getByRole('option').first()).toBeVisible();
  });
});
