import { expect, test } from '@playwright/test';
import { UnsupportedBrowserScreen } from '../pages/unsupported-browser-screen';

test.describe('Unsupported Browser screen', () => {
  test('without WebCrypto the app explains what is missing instead of starting', async ({ page }) => {
    await UnsupportedBrowserScreen.removeFeatures(page, ['webCrypto']);
    const screen = new UnsupportedBrowserScreen(page);
    await page.goto('/');

    await screen.expectShown();
    await expect(screen.missingFeatures).toHaveCount(1);
    await expect(screen.missingFeatures).toContainText('Web Crypto');
    await expect(page.getByRole('navigation')).toHaveCount(0);
  });

  test('without IndexedDB and localStorage it lists storage (and other gaps)', async ({ page }) => {
    await UnsupportedBrowserScreen.removeFeatures(page, ['storage', 'streamingFetch']);
    const screen = new UnsupportedBrowserScreen(page);
    await page.goto('/');

    await screen.expectShown();
    await expect(screen.missingFeatures.filter({ hasText: 'Local storage' })).toBeVisible();
    await expect(screen.missingFeatures.filter({ hasText: 'Streaming network responses' })).toBeVisible();
    await expect(screen.missingFeatures).toHaveCount(2);
  });
});
