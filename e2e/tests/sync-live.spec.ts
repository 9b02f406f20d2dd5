import { expect, test, type Page } from '@playwright/test';
import { SidebarPage } from '../pages/sidebar-page';
import { libraryChats, seedLibrary } from '../pages/sidebar-library';
import { signedInDevices } from '../pages/sync-settings';

const RELOAD_MESSAGE = 'Parley was updated: reload the page to keep syncing.';

async function rename(page: Page, from: string, to: string) {
  const sidebar = new SidebarPage(page);
  await sidebar.chatMenu(from, 'Rename');
  const dialog = page.getByRole('dialog', { name: 'Rename chat' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(to);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(sidebar.chat(to)).toBeVisible();
}

const isSyncAnswer = (url: string) => new URL(url).pathname === '/api/sync';

// Two devices that sign up and sign in: slower than one page by nature (two profiles, two syncs).
test.describe('Live sync between open devices', () => {
  test('SC34 SY17 an edit on one open device appears on the other within 2 s, with no action there', async ({
    browser,
  }) => {
    const { laptop, phone } = await signedInDevices(browser, 'live');
    const laptopSidebar = new SidebarPage(laptop);
    const phoneSidebar = new SidebarPage(phone);

    // The laptop gets a chat (its start-up sync sends it); the open phone hears of it by itself.
    await seedLibrary(laptop, libraryChats(1));
    await expect(phoneSidebar.chat('Library chat 001')).toBeVisible({ timeout: 10_000 });

    // Renamed on the laptop: once its sync (1 s after the edit, SC2) is answered, the phone shows
    // the new title within 2 s, without a reload, a click or coming back to the tab.
    const written = laptop.waitForResponse((response) => isSyncAnswer(response.url()));
    await rename(laptop, 'Library chat 001', 'Renamed on the laptop');
    await written;
    await expect(phoneSidebar.chat('Renamed on the laptop')).toBeVisible({ timeout: 2_000 });
    await expect(laptopSidebar.chat('Renamed on the laptop')).toBeVisible();
  });

  test('PR11 SY19 a page that speaks an older sync protocol than the server is told to reload', async ({
    browser,
  }) => {
    const { laptop, laptopSync } = await signedInDevices(browser, 'live-old');
    // This page speaks version 0, older than the server accepts: every sync call says so.
    await laptop.route('**/api/sync', (route) =>
      route.continue({ headers: { ...route.request().headers(), 'x-parley-sync-protocol': '0' } }),
    );
    await laptopSync.syncNow();
    await expect(laptopSync.status).toContainText(RELOAD_MESSAGE);
    await expect(laptop.getByRole('alert').filter({ hasText: RELOAD_MESSAGE }).first()).toBeVisible();
  });
});
