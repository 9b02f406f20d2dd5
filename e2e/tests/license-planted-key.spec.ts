import { expect, test } from '@playwright/test';
import { upgradePrompt } from '../pages/upgrade-prompt';
import { plantedLicense } from '../pages/planted-license';

const DEVICE_ID = 'device-planted-e2e';

test.describe('License key pinning', () => {
  test('a planted key pair and Premium token in localStorage unlock nothing', async ({ page, request }) => {
    test.slow(); // two full page loads and a lazy license chunk each time
    const planted = await plantedLicense(DEVICE_ID);
    await page.addInitScript(
      ({ deviceId, publicJwk, token }) => {
        // Only on the first load: the app may then change what it keeps.
        if (localStorage.getItem('TM_deviceId') !== null) return;
        localStorage.setItem('TM_deviceId', JSON.stringify(deviceId));
        localStorage.setItem('TM_licensePublicKey', JSON.stringify(publicJwk));
        localStorage.setItem('TM_licenseToken', JSON.stringify(token));
      },
      { deviceId: DEVICE_ID, ...planted },
    );
    const servedKey = page.waitForResponse((response) => response.url().endsWith('/api/license/public-key'));
    await page.goto('/');
    expect((await servedKey).ok()).toBe(true);

    // The check is done once the app has dropped the token its server's key does not verify.
    await expect.poll(() => page.evaluate(() => localStorage.getItem('TM_licenseToken'))).toBeNull();
    const serverKey = (await (await request.get('/api/license/public-key')).json()) as { n: string };
    const cachedKey = await page.evaluate(() => JSON.parse(localStorage.getItem('TM_licensePublicKey')!));
    expect(cachedKey.n).toBe(serverKey.n);
    await expect(page.getByRole('banner').getByRole('button', { name: 'License: Unlicensed' })).toBeVisible();

    // A Premium-only feature stays locked: reading an answer aloud asks for a license.
    await page
      .getByRole('navigation', { name: 'Sidebar' })
      .getByRole('button', { name: /Quick dinner ideas/ })
      .click();
    const answer = page.getByRole('article', { name: 'Assistant' });
    await answer.getByRole('button', { name: 'Play', exact: true }).click();
    await expect(
      upgradePrompt(page).getByText('You need to buy a license key to use this feature.'),
    ).toBeVisible();

    // And after a reload (the planted values gone, the server's key cached) it stays so. The badge
    // shows once the license chunk has loaded after the first screen: slow on a busy machine.
    await page.reload();
    await expect(page.getByRole('banner').getByRole('button', { name: 'License: Unlicensed' })).toBeVisible({
      timeout: 20_000,
    });
  });
});
