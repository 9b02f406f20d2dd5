import { expect, test } from '@playwright/test';
import { libraryChats, seedLibrary } from '../pages/sidebar-library';
import { SidebarPage } from '../pages/sidebar-page';
import { keepScreenshot } from '../support/screenshots';

test.describe('Organising a library of 200 chats', () => {
  test.setTimeout(120_000);

  test('folders, drag and drop, tags and filter, pin, archive, delete and undo, bulk move; all persists', async ({
    page,
  }) => {
    const sidebar = new SidebarPage(page);
    await page.goto('/');
    await seedLibrary(page, libraryChats(200));
    await expect(sidebar.chat('Library chat 001')).toBeVisible();
    await expect(sidebar.list.getByRole('heading', { name: 'Today' })).toBeVisible();

    // Folders: create two, drag a chat into one.
    await sidebar.createFolder('Research');
    await sidebar.createFolder('Travel');
    await sidebar.chat('Library chat 001').dragTo(sidebar.folder('Research'));
    await expect(sidebar.folder('Research')).toHaveAccessibleName('Research, 1 chats');
    await expect(sidebar.folder('Research')).toHaveAttribute('aria-expanded', 'true');

    // Reorder by the keyboard-accessible menu: Travel moves above Research.
    await sidebar.folderMenu('Travel', 'Move up');
    await expect(sidebar.list.getByRole('button', { name: /chats$/ }).first()).toHaveAccessibleName(
      'Travel, 0 chats',
    );

    // Tags, then filter by them.
    await sidebar.addTag('Library chat 002', 'urgent');
    await sidebar.addTag('Library chat 003', 'urgent');
    await sidebar.addTag('Library chat 003', 'billing');
    await sidebar.tagFilterButton.click();
    const tagFilter = sidebar.nav.getByRole('region', { name: 'Tag filter' });
    await tagFilter.getByRole('button', { name: 'urgent', exact: true }).click();
    await expect(sidebar.chat('Library chat 002')).toBeVisible();
    await expect(sidebar.chat('Library chat 003')).toBeVisible();
    await expect(sidebar.chat('Library chat 004')).toHaveCount(0);
    await tagFilter.getByRole('button', { name: 'billing', exact: true }).click();
    await tagFilter.getByRole('radio', { name: 'All tags' }).click();
    await expect(sidebar.chat('Library chat 002')).toHaveCount(0);
    await expect(sidebar.chat('Library chat 003')).toBeVisible();
    await tagFilter.getByRole('button', { name: 'Clear' }).click();
    await expect(sidebar.chat('Library chat 004')).toBeVisible();

    // Pin: the chat moves under "Pinned", at the top.
    await sidebar.chatMenu('Library chat 005', 'Pin');
    await expect(sidebar.list.getByRole('heading', { name: 'Pinned' })).toBeVisible();
    await expect(sidebar.list.getByRole('listitem').nth(1)).toContainText('Library chat 005');

    // Archive and unarchive.
    await sidebar.chatMenu('Library chat 006', 'Archive');
    await expect(sidebar.chat('Library chat 006')).toHaveCount(0);
    await sidebar.showView('Archived');
    await expect(sidebar.chat('Library chat 006')).toBeVisible();
    await sidebar.chatMenu('Library chat 006', 'Unarchive');
    await expect(sidebar.chat('Library chat 006')).toHaveCount(0);
    await sidebar.showView('Chats');
    await expect(sidebar.chat('Library chat 006')).toBeVisible();

    // Delete, then Undo from the toast; delete another for good measure.
    await sidebar.chatMenu('Library chat 007', 'Delete');
    await expect(sidebar.chat('Library chat 007')).toHaveCount(0);
    await sidebar.toast('Chat deleted').getByRole('button', { name: 'Undo' }).click();
    await expect(sidebar.chat('Library chat 007')).toBeVisible();
    await sidebar.chatMenu('Library chat 008', 'Delete');
    await expect(sidebar.chat('Library chat 008')).toHaveCount(0);

    // Bulk: Select mode, click one, Shift-click a range, Ctrl-click one more; move them together.
    await sidebar.selectButton.click();
    await sidebar.chat('Library chat 010').click();
    await sidebar.chat('Library chat 012').click({ modifiers: ['Shift'] });
    await sidebar.chat('Library chat 014').click({ modifiers: ['ControlOrMeta'] });
    await expect(sidebar.nav.getByText('4 selected')).toBeVisible();
    await sidebar.nav.getByRole('button', { name: 'Move to folder…' }).click();
    await page
      .getByRole('dialog', { name: 'Move to folder' })
      .getByRole('button', { name: 'Travel' })
      .click();
    await expect(sidebar.toast('4 chats moved')).toBeVisible();
    await sidebar.scrollToTop();
    await expect(sidebar.folder('Travel')).toHaveAccessibleName('Travel, 4 chats');
    await sidebar.nav.getByRole('button', { name: 'Done' }).click();

    await sidebar.folder('Travel').click();
    await sidebar.folder('Research').click();
    await expect(sidebar.row('Library chat 003')).toContainText('billing');
    await keepScreenshot(page, 'sidebar-organised-light');

    // Everything persists across a reload.
    await page.reload();
    await expect(sidebar.folder('Travel')).toHaveAccessibleName('Travel, 4 chats');
    await expect(sidebar.folder('Research')).toHaveAccessibleName('Research, 1 chats');
    await expect(sidebar.list.getByRole('listitem').nth(1)).toContainText('Library chat 005');
    await expect(sidebar.row('Library chat 003')).toContainText('urgent');
    await expect(sidebar.chat('Library chat 007')).toBeVisible();
    await expect(sidebar.chat('Library chat 008')).toHaveCount(0);
    await sidebar.folder('Travel').click();
    await expect(sidebar.chat('Library chat 011')).toBeVisible();
    await sidebar.showView('Recently Deleted');
    await expect(sidebar.chat('Library chat 008')).toBeVisible();
    await sidebar.chatMenu('Library chat 008', 'Restore');
    await expect(sidebar.chat('Library chat 008')).toHaveCount(0);
    await sidebar.showView('Chats');
    await expect(sidebar.chat('Library chat 008')).toBeVisible();

    await page.emulateMedia({ colorScheme: 'dark' });
    await sidebar.scrollToTop();
    await expect
      .poll(() => page.evaluate(() => document.documentElement.classList.contains('dark')))
      .toBe(true);
    await keepScreenshot(page, 'sidebar-organised-dark');
  });

  test('deleting a folder keeps its chats', async ({ page }) => {
    const sidebar = new SidebarPage(page);
    await page.goto('/');
    await seedLibrary(page, libraryChats(20));
    await sidebar.createFolder('Old stuff');
    await sidebar.chatMenu('Library chat 003', 'Move to folder…');
    await page
      .getByRole('dialog', { name: 'Move to folder' })
      .getByRole('button', { name: 'Old stuff' })
      .click();
    await expect(sidebar.folder('Old stuff')).toHaveAccessibleName('Old stuff, 1 chats');
    await sidebar.folderMenu('Old stuff', 'Delete folder');
    await expect(sidebar.folder('Old stuff')).toHaveCount(0);
    await expect(sidebar.chat('Library chat 003')).toBeVisible();
    await page.reload();
    await expect(sidebar.chat('Library chat 003')).toBeVisible();
    await expect(sidebar.folder('Old stuff')).toHaveCount(0);
  });

  test('Recently Deleted lists deleted folders: Restore brings one back with its chats, Delete forever removes one', async ({
    page,
  }) => {
    const sidebar = new SidebarPage(page);
    await page.goto('/');
    await seedLibrary(page, libraryChats(20));
    await sidebar.createFolder('Receipts');
    await sidebar.createFolder('Drafts');
    for (const title of ['Library chat 004', 'Library chat 005']) {
      await sidebar.chatMenu(title, 'Move to folder…');
      await page
        .getByRole('dialog', { name: 'Move to folder' })
        .getByRole('button', { name: 'Receipts' })
        .click();
    }
    await expect(sidebar.folder('Receipts')).toHaveAccessibleName('Receipts, 2 chats');
    await sidebar.folderMenu('Receipts', 'Delete folder');
    await sidebar.folderMenu('Drafts', 'Delete folder');
    await expect(sidebar.folder('Receipts')).toHaveCount(0);
    // Both deletions are saved before the deleted list is read (it failed once when Drafts' was not).
    await expect(sidebar.folder('Drafts')).toHaveCount(0);
    await expect(sidebar.chat('Library chat 004')).toBeVisible();

    // Both folders are listed with the chats that come back with them.
    await sidebar.showView('Recently Deleted');
    const deletedFolder = (title: string) => sidebar.list.getByRole('listitem').filter({ hasText: title });
    await expect(deletedFolder('Receipts')).toContainText('2 chats come back with it');
    await expect(deletedFolder('Drafts')).toContainText('Folder');
    await keepScreenshot(page, 'recently-deleted-folders');
    await sidebar.folderMenu('Drafts', 'Delete forever');
    await expect(sidebar.toast('Deleted forever')).toBeVisible();
    await expect(deletedFolder('Drafts')).toHaveCount(0);
    await sidebar.folderMenu('Receipts', 'Restore');
    await expect(sidebar.toast('Folder restored')).toBeVisible();
    await expect(deletedFolder('Receipts')).toHaveCount(0);

    await sidebar.showView('Chats');
    await expect(sidebar.folder('Receipts')).toHaveAccessibleName('Receipts, 2 chats');
    await page.reload();
    await expect(sidebar.folder('Receipts')).toHaveAccessibleName('Receipts, 2 chats');
    await expect(sidebar.folder('Drafts')).toHaveCount(0);
    await sidebar.showView('Recently Deleted');
    await expect(sidebar.nav.getByText('Nothing deleted in the last 30 days.')).toBeVisible();
  });
});
