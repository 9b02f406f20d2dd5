import { expect, test } from '@playwright/test';
import { ChatPage } from '../pages/chat-page';
import { sidebarChat } from '../pages/data-section';
import { RawParleyDatabase } from '../pages/data-raw-idb';
import { FatalErrorScreen } from '../pages/fatal-error-screen';

test.describe('Fatal-error screen on real IndexedDB data (spec section 2)', () => {
  test('WR1 WR2 Dump All Local Data shows the IndexedDB chats with the size in bytes; Clear All Data removes them', async ({
    page,
  }) => {
    const chat = new ChatPage(page);
    const fatal = new FatalErrorScreen(page);
    await chat.open();
    await new RawParleyDatabase(page).putChats([{ id: 'ch-precious', title: 'Precious notes' }]);
    await page.reload();
    await expect(sidebarChat(page, 'Precious notes')).toBeVisible();

    await fatal.armCrashHook();
    await page.reload();
    await fatal.expectShown();
    await fatal.recoveryOptions.click();
    await fatal.dumpButton.click();
    await expect(fatal.dumpText).toHaveValue(/"Precious notes"/);
    await expect(fatal.dumpText).toHaveValue(/"chatSummaries"/);
    const dumped = await fatal.dumpText.inputValue();
    const bytes = new TextEncoder().encode(dumped).byteLength;
    await expect(page.getByText(`${bytes.toLocaleString('en-US')} bytes (`)).toBeVisible();

    await fatal.clearButton.click();
    await fatal.confirmClear.getByRole('button', { name: 'Clear everything' }).click();
    // Clearing removes the crash flag too: the app comes back, as for a new user, without the chat.
    await expect(chat.composer).toBeVisible();
    await expect(chat.chatList.getByRole('button', { name: /^\(Example\)/ }).first()).toBeVisible();
    await expect(sidebarChat(page, 'Precious notes')).toHaveCount(0);
    expect(await new RawParleyDatabase(page).ids('chats')).not.toContain('ch-precious');
  });
});
