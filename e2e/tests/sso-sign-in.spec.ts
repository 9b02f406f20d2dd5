import { expect, test } from '@playwright/test';
import { CloudSyncSettings, uniqueEmail } from '../pages/sync-settings';
import { docsScreenshot } from '../support/screenshots';

test.describe('Single sign-on', () => {
  test('a new member signs in through the organisation identity provider, lands in Parley synced, and signs out', async ({
    page,
  }) => {
    const email = uniqueEmail('sso');
    const sync = new CloudSyncSettings(page);
    await page.goto('/');
    await sync.open();
    const ssoButton = sync.settings.dialog.getByRole('button', { name: 'Sign in with Test IdP' });
    await expect(ssoButton).toBeVisible();
    await docsScreenshot(page, 'sso-sign-in');
    await ssoButton.click();

    // The identity provider's own page, on its own origin.
    await expect(page.getByRole('heading', { name: 'Test identity provider' })).toBeVisible();
    await page.getByLabel('Username').fill(email);
    await page.getByRole('button', { name: 'Sign in' }).click();

    // Back in Parley: the server's cookie holds the session, sync runs, the address is clean.
    await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
    expect(new URL(page.url()).hash).toBe('');
    await expect(sync.indicator).toHaveAccessibleName('Cloud sync: Synced', { timeout: 15_000 });
    await sync.open();
    await expect(sync.settings.dialog.getByText(email, { exact: true })).toBeVisible();
    const self = await page.request.get('/api/hosted/users/self');
    expect(await self.json()).toMatchObject({ user: { email } });

    // Signing out ends the session on the server, and the sign-in button is back.
    await sync.logOut();
    expect((await page.request.get('/api/hosted/users/self')).status()).toBe(401);
    await sync.open();
    await expect(sync.settings.dialog.getByRole('button', { name: 'Sign in with Test IdP' })).toBeVisible();
  });
});
