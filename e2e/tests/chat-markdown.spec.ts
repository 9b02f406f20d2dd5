import { expect, test, type Page } from '@playwright/test';
import { ChatPage } from '../pages/chat-page';
import { openSettings } from '../pages/open-settings';
import { uniqueKey } from '../pages/chat-sim-log';
import { docsScreenshot } from '../support/screenshots';

async function turnOffKeywordSuggestions(page: Page) {
  const settings = await openSettings(page);
  await settings.showSection('Chat');
  const toggle = settings.dialog.getByRole('switch', { name: 'Suggest follow-up topics' });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await settings.close();
}

test.describe('Markdown answers', () => {
  for (const theme of ['light', 'dark'] as const) {
    test(`a long answer renders its table, highlighted code and math (${theme})`, async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 980 });
      await page.addInitScript((mode) => localStorage.setItem('TM_themeMode', JSON.stringify(mode)), theme);
      const chat = new ChatPage(page);
      await chat.seedKeys({ openai: uniqueKey() });
      await chat.open();
      await turnOffKeywordSuggestions(page);

      await chat.send('How do I sort people by age in TypeScript? [[sim:markdown]]');
      const answer = chat.lastAnswer();
      await expect(answer.getByRole('heading', { name: 'Sorting in TypeScript' })).toBeVisible();
      const table = answer.getByRole('table');
      await expect(table.getByRole('columnheader')).toHaveText(['Approach', 'Stable', 'Complexity']);
      await expect(table.getByRole('row')).toHaveCount(4);
      const code = answer.getByRole('figure').filter({ hasText: 'typescript' });
      await expect(code.getByRole('button', { name: 'Copy code' })).toBeVisible();
      // Highlighted: the code is split into coloured tokens once shiki has loaded.
      await expect(code.locator('.shiki-tokens span[style]').first()).toBeVisible();
      expect(await code.locator('.shiki-tokens span[style]').count()).toBeGreaterThan(10);
      await expect(answer.locator('.katex-display')).toBeVisible();
      await expect(answer.locator('.katex').nth(1)).toBeVisible();
      await expect(answer.locator('blockquote')).toHaveText(
        'Premature optimisation is the root of all evil.',
      );
      await expect(chat.chatInList('Sorting in TypeScript')).toBeVisible();

      await page.mouse.move(0, 0);
      await docsScreenshot(page, `chat-${theme}`);
    });
  }

  test('rendered markdown cannot run script: raw HTML is dropped and javascript: links are neutralised', async ({
    page,
  }) => {
    const chat = new ChatPage(page);
    await chat.seedKeys({ openai: uniqueKey() });
    await chat.open();
    await chat.send(
      'Be nasty [[sim:reply See [click me](javascript:window.__xss=1) and [docs](https://example.com/docs) <img src=x onerror=window.__xss=2> <script>window.__xss=3</script> done.]]',
    );
    const answer = chat.lastAnswer();
    await expect(answer).toContainText('done.');
    await expect(answer.locator('img, script, iframe')).toHaveCount(0);
    await expect(answer.getByRole('link', { name: 'click me' })).toHaveCount(0);
    await expect(answer.getByText('click me')).toBeVisible();
    const docs = answer.getByRole('link', { name: 'docs' });
    await expect(docs).toHaveAttribute('href', 'https://example.com/docs');
    await expect(docs).toHaveAttribute('target', '_blank');
    await expect(docs).toHaveAttribute('rel', 'noopener noreferrer');
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  });
});
