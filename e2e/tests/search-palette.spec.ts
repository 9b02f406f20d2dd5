import { expect, test } from '@playwright/test';
import { ChatPage } from '../pages/chat-page';
import { RawParleyDatabase, rawChat } from '../pages/data-raw-idb';
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
  test('the search worker starts only once the sidebar and the chat area are on screen, and search works (#32)', async ({
    page,
  }) => {
    const palette = new PalettePage(page);
    await page.goto('/');
    const chats = libraryChats(60);
    // Each worker the page starts notes whether the first screen had painted by then.
    await page.addInitScript(() => {
      const started: { url: string; sidebarListed: boolean; chatShown: boolean }[] = [];
      (window as unknown as { __workers: typeof started }).__workers = started;
      const NativeWorker = window.Worker;
      window.Worker = class extends NativeWorker {
        constructor(...args: ConstructorParameters<typeof Worker>) {
          super(...args);
          started.push({
            url: String(args[0]),
            sidebarListed: !!document.querySelector('nav[aria-label="Sidebar"] li'),
            // A reopened chat's messages, or the start screen.
            chatShown: !!document.querySelector('main article, main h1'),
          });
        }
      };
    });
    await seedLibrary(page, chats);

    await palette.open();
    await palette.input.pressSequentially('Library chat 042', { delay: 15 });
    await expect(palette.result('Library chat 042')).toBeVisible();
    const workers = await page.evaluate(
      () =>
        (window as unknown as { __workers: { url: string; sidebarListed: boolean; chatShown: boolean }[] })
          .__workers,
    );
    expect(workers.some((worker) => worker.url.includes('search'))).toBe(true);
    for (const worker of workers)
      expect(worker, worker.url).toMatchObject({ sidebarListed: true, chatShown: true });
  });

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

  test('a word only in message text: the first result is selected and Enter opens it; the version on screen is named before a hidden one', async ({
    page,
  }) => {
    const palette = new PalettePage(page);
    const chat = new ChatPage(page);
    await page.goto('/');
    // A question answered twice: the older answer is a hidden version, the newer one is on screen.
    const at = (second: number) => new Date(Date.now() - 60_000 + second * 1000).toISOString();
    const { chat: row, summary } = rawChat({ id: 'ch-e2e-versions', title: 'Saturday', updatedAt: at(3) });
    const message = (id: string, role: string, content: string, parentId: string | null, second: number) => ({
      schemaVersion: 2,
      id,
      role,
      content,
      parentId,
      createdAt: at(second),
      updatedAt: at(second),
    });
    await new RawParleyDatabase(page).put([
      {
        table: 'chats',
        id: 'ch-e2e-versions',
        value: {
          ...row,
          messages: [
            message('q', 'user', 'What could we do on Saturday?', null, 0),
            message('old', 'assistant', 'In plain words, no jargon: the harbour museum.', 'q', 1),
            message('new', 'assistant', 'Without jargon: a picnic by the lake, or a hike.', 'q', 2),
          ],
          selectedPath: { leafId: 'new', updatedAt: at(3) },
        },
      },
      { table: 'chatSummaries', id: 'ch-e2e-versions', value: summary },
    ]);
    await page.reload();
    await expect(chat.composer).toBeVisible();

    // Pasted at once; a community prompt mentions "jargon" too and shows before the chat results.
    await palette.open();
    await palette.input.fill('jargon');
    const result = palette.result('Saturday');
    await expect(result).toContainText('Without jargon: a picnic');
    await expect(result).toHaveAttribute('aria-selected', 'true');
    await expect(result).not.toContainText('Other version');
    await page.keyboard.press('Enter');
    await expect(palette.dialog).toBeHidden();
    await expect(page.locator('[data-focused]')).toContainText('Without jargon: a picnic');
    await expect(chat.versions(chat.lastAnswer())).toHaveAccessibleName('Version 2 of 2');

    // Only the hidden version holds the word: it is said, and Enter switches to it.
    await palette.open();
    await palette.input.fill('harbour');
    await expect(palette.result('Saturday')).toContainText('Other version');
    await expect(palette.result('Saturday')).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Enter');
    await expect(page.locator('[data-focused]')).toContainText('the harbour museum');
    await expect(chat.versions(chat.lastAnswer())).toHaveAccessibleName('Version 1 of 2');
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
