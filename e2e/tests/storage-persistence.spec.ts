import { expect, test } from '@playwright/test';
import { ChatPage } from '../pages/chat-page';
import { sidebarChat } from '../pages/data-section';
import { RawParleyDatabase } from '../pages/data-raw-idb';
import { injectStoreHook, startWriteBurst } from '../pages/data-store-hook';

test.describe('Local storage (IndexedDB) keeps data safe', () => {
  test('chats stored on this device are in the sidebar after a reload', async ({ page }) => {
    const chat = new ChatPage(page);
    await chat.open();
    await new RawParleyDatabase(page).putChats([
      { id: 'ch-kept-1', title: 'Trip to Lisbon', updatedAt: '2024-05-02T10:00:00.000Z' },
      { id: 'ch-kept-2', title: 'Sourdough starter', updatedAt: '2024-05-03T10:00:00.000Z' },
    ]);
    await page.reload();
    await expect(sidebarChat(page, 'Trip to Lisbon')).toBeVisible();
    await expect(sidebarChat(page, 'Sourdough starter')).toBeVisible();
    await sidebarChat(page, 'Trip to Lisbon').click();
    await expect(chat.answers.last()).toContainText('How can I help?');

    await page.reload();
    await expect(sidebarChat(page, 'Sourdough starter')).toBeVisible();
  });

  test('ST7 a damaged setting and a damaged chat do not crash the app: defaults are used and a toast says so', async ({
    page,
  }) => {
    const chat = new ChatPage(page);
    await chat.open();
    const db = new RawParleyDatabase(page);
    await db.putChats([{ id: 'ch-damaged', title: 'Damaged chat' }]);
    await db.put([
      { table: 'settings', id: 'defaultModel', value: 'not a settings row' },
      { table: 'chats', id: 'ch-damaged', value: { chatTitle: 42, messages: 'not a list', model: ['x'] } },
    ]);
    // The chat feature reopens the chat that was open before: the damaged one.
    await page.evaluate(() => localStorage.setItem('TM_activeChatID', JSON.stringify('ch-damaged')));
    await page.reload();

    await expect(
      page.getByText(/A value stored on this device was damaged\. Parley used the defaults/),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Something went wrong' })).toHaveCount(0);
    await expect(sidebarChat(page, 'Damaged chat')).toBeVisible();
    // Defaults in place of the damage: a chat's default model (the spec's gpt-4-turbo, which old
    // chats stored without a model also read as), and a chat with no messages.
    await expect(chat.modelPicker).toHaveText('GPT-4 Turbo');
    await expect(chat.userMessages).toHaveCount(0);
    await expect(chat.composer).toBeVisible();
  });

  test('WS6 closing the page in the middle of a burst of saves loses at most the save in flight', async ({
    page,
    context,
  }) => {
    await page.goto('/');
    await injectStoreHook(page);
    const acknowledged: string[] = [];
    let closing: Promise<void> | undefined;
    await startWriteBurst(page, 400, (id) => {
      acknowledged.push(id);
      // Close without warning a moment after the 25th acknowledged save, in the middle of the next.
      if (acknowledged.length === 25) {
        closing = new Promise((resolve) => setTimeout(resolve, 3)).then(() =>
          page.close({ runBeforeUnload: false }),
        );
      }
    });
    await expect.poll(() => closing !== undefined, { timeout: 20_000 }).toBe(true);
    await closing;
    const seen = [...acknowledged];
    expect(seen.length).toBeGreaterThanOrEqual(25);

    const again = await context.newPage();
    await again.goto('/');
    const db = new RawParleyDatabase(again);
    const chats = await db.ids('chats');
    const summaries = await db.ids('chatSummaries');
    const burst = chats.filter((id) => id.startsWith('ch-burst-'));
    // Every acknowledged save is there; at most one more (the one in flight) made it as well.
    expect(burst).toEqual(expect.arrayContaining(seen));
    expect(burst.length).toBeLessThanOrEqual(seen.length + 1);
    expect(burst.length).toBeLessThan(400);
    // A chat and its summary are written together or not at all.
    expect(summaries.filter((id) => id.startsWith('ch-burst-')).sort()).toEqual(burst.sort());
  });
});
