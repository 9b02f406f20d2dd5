import { expect, test, type Route } from '@playwright/test';
import { SidebarPage } from '../pages/sidebar-page';
import { libraryChats, seedLibrary } from '../pages/sidebar-library';
import { CloudSyncSettings, uniqueEmail } from '../pages/sync-settings';

const TOO_LARGE = 'Sync failed: Your data is too large to sync. Please contact support.';
const DISABLED =
  'Sorry, cloud sync is temporarily disabled. We will resume cloud sync service as soon as possible. Sorry for the inconvenience.';
const UNEXPECTED =
  'Sorry, there has been a problem with the sync process. Open the Console might clarify the issue.';

test.describe('Cloud sync when the network or the server fails', () => {
  test.setTimeout(90_000);

  test('aborted uploads, 413 and 503 show the exact messages; afterwards both devices converge, nothing lost', async ({
    browser,
  }) => {
    const email = uniqueEmail('faults');
    const laptop = await (await browser.newContext()).newPage();
    const sync = new CloudSyncSettings(laptop);
    const sidebar = new SidebarPage(laptop);
    await laptop.goto('/');
    await seedLibrary(laptop, libraryChats(3));
    await sync.signUp(email);
    await sync.close();

    // Changes made while every sync fails.
    const routeSync = (handler: (route: Route) => Promise<void>) => laptop.route('**/api/sync', handler);
    await routeSync((route) => route.abort('connectionreset'));
    await sidebar.chatMenu('Library chat 001', 'Rename');
    await laptop
      .getByRole('dialog', { name: 'Rename chat' })
      .getByRole('textbox', { name: 'Name' })
      .fill('Renamed offline');
    await laptop.getByRole('dialog', { name: 'Rename chat' }).getByRole('button', { name: 'Save' }).click();
    await sidebar.chatMenu('Library chat 002', 'Delete');
    await expect(sidebar.chat('Library chat 002')).toHaveCount(0);

    // The automatic sync a second later fails: the indicator and a toast say so.
    await expect(sync.indicator).toHaveAccessibleName(`Cloud sync: Sync failed. ${UNEXPECTED}`, {
      timeout: 10_000,
    });
    await expect(laptop.getByRole('alert').filter({ hasText: UNEXPECTED }).first()).toBeVisible();

    // Aborted mid-upload by hand, too.
    await sync.syncNow();
    await expect(sync.status).toContainText('Sync failed');
    await expect(sync.status).toContainText(UNEXPECTED);

    // 413 with usage numbers: the message, and the numbers are still shown.
    await laptop.unroute('**/api/sync');
    await routeSync((route) =>
      route.fulfill({
        status: 413,
        json: {
          error: { code: 'payload_too_large:sync_quota', message: 'quota' },
          userMessage: TOO_LARGE,
          totalUsageBytes: 99 * 1024 * 1024,
          limitUsageBytes: 100 * 1024 * 1024,
        },
      }),
    );
    await sync.syncNow();
    await expect(sync.status).toContainText(TOO_LARGE);
    await expect(sync.settings.dialog.getByText('99 MB of 100 MB')).toBeVisible();
    await sync.screenshot('sync-error-too-large');

    // 503: sync switched off on the server.
    await laptop.unroute('**/api/sync');
    await routeSync((route) =>
      route.fulfill({ status: 503, json: { error: { code: 'unavailable:sync', message: 'off' } } }),
    );
    await sync.syncNow();
    await expect(sync.status).toContainText(DISABLED);
    await sync.close();
    await expect(sync.indicator).toHaveAccessibleName(`Cloud sync: Sync failed. ${DISABLED}`);

    // The server takes the sync but the answer is lost on the way back.
    await laptop.unroute('**/api/sync');
    await routeSync(async (route) => {
      await route.fetch();
      await route.abort('connectionreset');
    });
    await sync.syncNow();
    await expect(sync.status).toContainText(UNEXPECTED);

    // The network is back.
    await laptop.unroute('**/api/sync');
    await sync.syncNowAndExpectSynced();
    await sync.close();
    await expect(sync.indicator).toHaveAccessibleName('Cloud sync: Synced');

    // Another device sees every change made while syncing failed, and nothing else.
    const phone = await (await browser.newContext()).newPage();
    const phoneSync = new CloudSyncSettings(phone);
    const phoneSidebar = new SidebarPage(phone);
    await phone.goto('/');
    await phoneSync.signIn(email);
    await phoneSync.close();
    await expect(phoneSidebar.chat('Renamed offline')).toBeVisible();
    await expect(phoneSidebar.chat('Library chat 003')).toBeVisible();
    await expect(phoneSidebar.chat('Library chat 002')).toHaveCount(0);
    await expect(phoneSidebar.chat('Library chat 001')).toHaveCount(0);
    await expect(sidebar.chat('Library chat 002')).toHaveCount(0);

    await laptop.context().close();
    await phone.context().close();
  });

  test('offline, a change, back online: the sync goes again by itself and the status is clean (SC27, SC28)', async ({
    browser,
  }) => {
    const email = uniqueEmail('offline');
    const context = await browser.newContext();
    const laptop = await context.newPage();
    const sync = new CloudSyncSettings(laptop);
    const sidebar = new SidebarPage(laptop);
    await laptop.goto('/');
    await seedLibrary(laptop, libraryChats(2));
    await sync.signUp(email);
    await sync.close();

    await context.setOffline(true);
    await sidebar.chatMenu('Library chat 001', 'Rename');
    const rename = laptop.getByRole('dialog', { name: 'Rename chat' });
    await rename.getByRole('textbox', { name: 'Name' }).fill('Renamed while offline');
    await rename.getByRole('button', { name: 'Save' }).click();
    await expect(sync.indicator).toHaveAccessibleName(`Cloud sync: Sync failed. ${UNEXPECTED}`, {
      timeout: 10_000,
    });

    // No click: coming back online is enough, within a few seconds.
    await context.setOffline(false);
    await expect(sync.indicator).toHaveAccessibleName('Cloud sync: Synced', { timeout: 4_000 });
    await sync.open();
    await expect(sync.status).not.toContainText('Sync failed');

    // The server has the change made offline.
    const phone = await (await browser.newContext()).newPage();
    const phoneSync = new CloudSyncSettings(phone);
    await phone.goto('/');
    await phoneSync.signIn(email);
    await phoneSync.close();
    await expect(new SidebarPage(phone).chat('Renamed while offline')).toBeVisible();

    await context.close();
    await phone.context().close();
  });
});
