import { expect, test } from '@playwright/test';
import { rawChat } from '../pages/data-raw-idb';
import { DataSection, sidebarChat } from '../pages/data-section';

test.describe('localStorage fallback (spec section 4)', () => {
  test('WB2 RC3 without IndexedDB the app says so and keeps chats in localStorage; once IndexedDB works, Recover lost data brings them over', async ({
    page,
    context,
  }) => {
    // Five pages in turn, each starting the app: 27 s in a loaded CI run, against 30 s by default.
    test.slow();
    // This page's browser refuses IndexedDB (as some private modes do).
    await page.addInitScript(() =>
      Object.defineProperty(window, 'indexedDB', { configurable: true, get: () => undefined }),
    );
    await page.goto('/');
    await expect(page.getByText(/did not let Parley use IndexedDB/).first()).toBeVisible();
    const { chat, summary } = rawChat({ id: 'ch-fallback', title: 'Saved while IndexedDB was off' });
    await page.evaluate(
      ([c, s]) => {
        localStorage.setItem('TM_chat_ch-fallback', JSON.stringify(c));
        localStorage.setItem('TM_chatSummary_ch-fallback', JSON.stringify(s));
      },
      [chat, summary] as const,
    );
    await page.reload();
    await expect(sidebarChat(page, 'Saved while IndexedDB was off')).toBeVisible();
    const data = new DataSection(page);
    await data.open();
    await expect(data.dialog.getByText('localStorage (fallback)')).toBeVisible();
    await page.close();

    // Later the same browser lets the app use IndexedDB: the fallback's chat is not in the list...
    const later = await context.newPage();
    await later.goto('/');
    await expect(
      later
        .getByRole('navigation', { name: 'Sidebar' })
        .getByRole('button', { name: /^\(Example\)/ })
        .first(),
    ).toBeVisible();
    await expect(sidebarChat(later, 'Saved while IndexedDB was off')).toHaveCount(0);
    // ...until Recover lost data finds it in the fallback and restores it.
    const recover = new DataSection(later);
    await recover.open();
    await expect(recover.dialog.getByText('IndexedDB', { exact: true })).toBeVisible();
    await recover.openRecover();
    await expect(recover.lostItem('Saved while IndexedDB was off')).toContainText('localStorage fallback');
    await recover.restore('Saved while IndexedDB was off');
    await expect(recover.nothingToRecover).toBeVisible();
    await later.keyboard.press('Escape');
    await expect(sidebarChat(later, 'Saved while IndexedDB was off')).toBeVisible();
  });
});
