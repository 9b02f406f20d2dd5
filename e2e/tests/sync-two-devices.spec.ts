import { expect, test, type Browser, type Page } from '@playwright/test';
import { ChatPage } from '../pages/chat-page';
import { uniqueKey } from '../pages/chat-sim-log';
import { SidebarPage } from '../pages/sidebar-page';
import { libraryChats, seedLibrary } from '../pages/sidebar-library';
import { CloudSyncSettings, uniqueEmail } from '../pages/sync-settings';

/** A second browser profile: another device of the same user. */
async function device(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

async function rename(page: Page, from: string, to: string) {
  const sidebar = new SidebarPage(page);
  await sidebar.chatMenu(from, 'Rename');
  const dialog = page.getByRole('dialog', { name: 'Rename chat' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(to);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(sidebar.chat(to)).toBeVisible();
}

async function openChatMessages(page: Page, title: string) {
  const sidebar = new SidebarPage(page);
  await sidebar.chat(title).click();
  return new ChatPage(page).messages;
}

test.describe('Cloud sync between two devices', () => {
  test.setTimeout(120_000);

  test('sign up on one device, sign in on another; edits, appends, moves and deletes on both converge', async ({
    browser,
  }) => {
    const email = uniqueEmail('two-devices');
    const laptop = await device(browser);
    const phone = await device(browser);
    const laptopSync = new CloudSyncSettings(laptop);
    const phoneSync = new CloudSyncSettings(phone);
    const laptopSidebar = new SidebarPage(laptop);
    const phoneSidebar = new SidebarPage(phone);

    // The laptop has three chats before it ever syncs.
    await laptop.goto('/');
    await seedLibrary(laptop, libraryChats(3));
    await expect(laptopSidebar.chat('Library chat 003')).toBeVisible();
    await laptopSync.open();
    await laptopSync.screenshot('sync-setup-signed-out');
    await laptopSync.signUp(email);
    await expect(laptopSync.settings.dialog.getByText(/of 100 MB/)).toBeVisible();
    await laptopSync.screenshot('sync-setup-signed-in');
    await laptopSync.close();
    await expect(laptopSync.indicator).toHaveAccessibleName('Cloud sync: Synced');

    // The phone signs in and gets them.
    const phoneChat = new ChatPage(phone);
    await phoneChat.seedKeys({ openai: uniqueKey('sk-sync') });
    await phone.goto('/');
    await phoneSync.signIn(email);
    await phoneSync.close();
    await expect(phoneSidebar.chat('Library chat 001')).toBeVisible();
    await expect(phoneSidebar.chat('Library chat 003')).toBeVisible();

    // Phone: an answer is appended to chat 001 through the chat UI; chat 002 moves into a new folder.
    await phoneSidebar.chat('Library chat 001').click();
    await phoneChat.send('Added on the phone');
    await expect(phoneChat.lastAnswer()).toContainText('Echo: Added on the phone');
    await phoneSidebar.createFolder('Travel');
    await phoneSidebar.chatMenu('Library chat 002', 'Move to folder…');
    await phone
      .getByRole('dialog', { name: 'Move to folder' })
      .getByRole('button', { name: 'Travel' })
      .click();
    await expect(phoneSidebar.folder('Travel')).toHaveAccessibleName('Travel, 1 chats');

    // Laptop, not synced since: renames chat 001 (later than the phone's append) and deletes 003.
    // The phone is offline meanwhile: live sync (SC34) would otherwise bring the deletion to it
    // while it renames the chat, and the story is about an edit made without knowing of it.
    await phone.context().setOffline(true);
    await rename(laptop, 'Library chat 001', 'Trip plans');
    await laptopSidebar.chatMenu('Library chat 003', 'Delete');
    await expect(laptopSidebar.chat('Library chat 003')).toHaveCount(0);
    // Phone edits chat 003 after the laptop deleted it: the deletion must still win.
    await rename(phone, 'Library chat 003', 'Edited after the delete');
    await phone.context().setOffline(false);

    // Each syncs in turn.
    await laptopSync.syncNowAndExpectSynced();
    await phoneSync.syncNowAndExpectSynced();
    await laptopSync.syncNowAndExpectSynced();
    await laptopSync.close();
    await phoneSync.close();

    for (const [page, sidebar] of [
      [laptop, laptopSidebar],
      [phone, phoneSidebar],
    ] as const) {
      await expect(sidebar.chat('Trip plans')).toBeVisible();
      await expect(sidebar.chat('Library chat 001')).toHaveCount(0);
      await expect(sidebar.chat('Edited after the delete')).toHaveCount(0);
      await expect(sidebar.chat('Library chat 003')).toHaveCount(0);
      await expect(sidebar.folder('Travel')).toHaveAccessibleName('Travel, 1 chats');
      const messages = await openChatMessages(page, 'Trip plans');
      for (const text of [
        'Question 001 about topic 0',
        'Answer 001',
        'Added on the phone',
        'Echo: Added on the phone',
      ]) {
        await expect(messages).toContainText(text);
      }
    }

    // A full re-sync from the epoch brings no deletion back.
    await phoneSync.fullResync();
    await phoneSync.close();
    await expect(phoneSidebar.chat('Trip plans')).toBeVisible();
    await expect(phoneSidebar.chat('Edited after the delete')).toHaveCount(0);

    // Log out clears the phone; signing in again brings everything back.
    await phoneSync.logOut();
    await expect(phoneSidebar.chat('Trip plans')).toHaveCount(0);
    await phoneSync.signIn(email);
    await phoneSync.close();
    await expect(phoneSidebar.chat('Trip plans')).toBeVisible();
    await expect(phoneSidebar.folder('Travel')).toHaveAccessibleName('Travel, 1 chats');

    await laptop.context().close();
    await phone.context().close();
  });

  test('a chat and a folder restored after their deletion synced stay restored, on both devices', async ({
    browser,
  }) => {
    const email = uniqueEmail('restore-synced');
    const laptop = await device(browser);
    const phone = await device(browser);
    const laptopSync = new CloudSyncSettings(laptop);
    const phoneSync = new CloudSyncSettings(phone);
    const laptopSidebar = new SidebarPage(laptop);
    const phoneSidebar = new SidebarPage(phone);

    await laptop.goto('/');
    await seedLibrary(laptop, libraryChats(3));
    await laptopSidebar.createFolder('Paperwork');
    await laptopSidebar.chatMenu('Library chat 002', 'Move to folder…');
    await laptop
      .getByRole('dialog', { name: 'Move to folder' })
      .getByRole('button', { name: 'Paperwork' })
      .click();
    await expect(laptopSidebar.folder('Paperwork')).toHaveAccessibleName('Paperwork, 1 chats');
    await laptopSync.signUp(email);
    await laptopSync.close();
    await phone.goto('/');
    await phoneSync.signIn(email);
    await phoneSync.close();
    await expect(phoneSidebar.folder('Paperwork')).toHaveAccessibleName('Paperwork, 1 chats');

    // The laptop deletes a chat and the folder, and the deletions reach the server.
    await laptopSidebar.chatMenu('Library chat 001', 'Delete');
    await laptopSidebar.folderMenu('Paperwork', 'Delete folder');
    await laptopSync.syncNowAndExpectSynced();
    await laptopSync.close();

    // Then it restores both from Recently Deleted; the syncs that follow must not undo that.
    await laptopSidebar.showView('Recently Deleted');
    await laptopSidebar.chatMenu('Library chat 001', 'Restore');
    await laptopSidebar.folderMenu('Paperwork', 'Restore');
    await expect(laptopSidebar.list.getByRole('listitem').filter({ hasText: 'Paperwork' })).toHaveCount(0);
    await laptopSidebar.showView('Chats');
    await laptopSync.syncNowAndExpectSynced();
    await laptopSync.syncNowAndExpectSynced();
    await laptopSync.close();
    await expect(laptopSidebar.chat('Library chat 001')).toBeVisible();
    await expect(laptopSidebar.folder('Paperwork')).toHaveAccessibleName('Paperwork, 1 chats');

    // The phone gets the restored chat and folder.
    await phoneSync.syncNowAndExpectSynced();
    await phoneSync.close();
    await expect(phoneSidebar.chat('Library chat 001')).toBeVisible();
    await expect(phoneSidebar.folder('Paperwork')).toHaveAccessibleName('Paperwork, 1 chats');

    // A full re-sync from the epoch brings no deletion back over the restores.
    await laptopSync.fullResync();
    await laptopSync.close();
    await expect(laptopSidebar.chat('Library chat 001')).toBeVisible();
    await expect(laptopSidebar.folder('Paperwork')).toHaveAccessibleName('Paperwork, 1 chats');
    const messages = await openChatMessages(laptop, 'Library chat 001');
    await expect(messages).toContainText('Question 001 about topic 0');

    await laptop.context().close();
    await phone.context().close();
  });
});
