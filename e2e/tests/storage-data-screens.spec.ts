import { expect, test } from '@playwright/test';
import { ChatPage } from '../pages/chat-page';
import { RawParleyDatabase } from '../pages/data-raw-idb';
import { DataSection, sidebarChat } from '../pages/data-section';
import { keepScreenshot } from '../support/screenshots';

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

test.describe('Settings > Data', () => {
  test('RC5 RC9 Recover lost data brings back a chat deleted last week, not one deleted two months ago', async ({
    page,
  }) => {
    const chat = new ChatPage(page);
    const data = new DataSection(page);
    await chat.open();
    await new RawParleyDatabase(page).putChats([
      { id: 'ch-oops', title: 'Wedding speech draft', updatedAt: daysAgo(6), deletedAt: daysAgo(6) },
      { id: 'ch-long-gone', title: 'Old shopping list', updatedAt: daysAgo(60), deletedAt: daysAgo(60) },
      { id: 'ch-live', title: 'Still here', updatedAt: daysAgo(1) },
    ]);
    await page.reload();
    await expect(sidebarChat(page, 'Still here')).toBeVisible();
    await expect(sidebarChat(page, 'Wedding speech draft')).toHaveCount(0);

    await data.open();
    await expect(data.dialog.getByText('IndexedDB', { exact: true })).toBeVisible();
    await expect(data.dialog.getByText(/ of .* available · .* free$/)).toBeVisible();
    await keepScreenshot(page, 'data-overview');

    await data.openRecover();
    await expect(data.lostItem('Wedding speech draft')).toContainText('deleted 6 days ago');
    await expect(data.lostItem('Old shopping list')).toHaveCount(0);
    await keepScreenshot(page, 'data-recover');
    await data.restore('Wedding speech draft');
    await expect(data.nothingToRecover).toBeVisible();
    await expect(page.getByText('1 item restored.')).toBeVisible();

    await page.keyboard.press('Escape');
    await expect(sidebarChat(page, 'Wedding speech draft')).toBeVisible();
    await page.reload();
    await expect(sidebarChat(page, 'Wedding speech draft')).toBeVisible();
  });

  test('RC2 Recover lost data finds chats an old tab saved in the old format after the migration', async ({
    page,
  }) => {
    const chat = new ChatPage(page);
    const data = new DataSection(page);
    await chat.open();
    // An old version still open in another tab writes its whole chat list under the old key.
    await page.evaluate(() =>
      localStorage.setItem(
        'TM_useChats',
        JSON.stringify([
          {
            chatID: 'ch-from-old-tab',
            chatTitle: 'Written by the old version',
            updatedAt: '2024-05-20T09:00:00.000Z',
            messages: [{ role: 'user', content: 'Is this saved?' }],
          },
        ]),
      ),
    );
    await data.open();
    await data.openRecover();
    await expect(data.lostItem('Written by the old version')).toContainText('Older version · 1 message');
    await data.restoreAllButton.click();
    await expect(data.nothingToRecover).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(sidebarChat(page, 'Written by the old version')).toBeVisible();
  });

  test('Clear all storage explains what goes, asks for the confirm word, clears and reloads', async ({
    page,
  }) => {
    const chat = new ChatPage(page);
    const data = new DataSection(page);
    await chat.open();
    await new RawParleyDatabase(page).putChats([{ id: 'ch-doomed', title: 'About to be cleared' }]);
    await page.evaluate(() => localStorage.setItem('TM_probe', 'cleared too'));
    await page.reload();
    await expect(sidebarChat(page, 'About to be cleared')).toBeVisible();

    await data.open();
    await data.openClear();
    await expect(data.dialog.getByText('This permanently deletes, on this device:')).toBeVisible();
    await expect(data.dialog.getByText(/^all 4 chats/)).toBeVisible();
    await expect(data.clearButton).toBeDisabled();
    await data.confirmField.fill('delete');
    await data.clearButton.scrollIntoViewIfNeeded();
    await keepScreenshot(page, 'data-clear');
    await data.clearButton.click();

    // After the reload: a fresh start (example chats only), nothing of before.
    await expect(chat.chatList.getByRole('button', { name: /^\(Example\)/ }).first()).toBeVisible();
    await expect(sidebarChat(page, 'About to be cleared')).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('TM_probe'))).toBeNull();
  });
});
