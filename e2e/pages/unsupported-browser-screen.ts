import { expect, type Locator, type Page } from '@playwright/test';

/** Shown instead of the app when the browser lacks storage, streaming fetch or WebCrypto. */
export class UnsupportedBrowserScreen {
  readonly heading: Locator;
  readonly missingFeatures: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Your browser is not supported' });
    this.missingFeatures = page.getByRole('listitem');
  }

  async expectShown() {
    await expect(this.heading).toBeVisible();
  }

  /** Removes browser features before any page script runs. */
  static async removeFeatures(
    page: Page,
    features: ReadonlyArray<'webCrypto' | 'storage' | 'streamingFetch'>,
  ) {
    await page.addInitScript((names) => {
      const hide = (target: object, key: string) =>
        Object.defineProperty(target, key, { configurable: true, get: () => undefined });
      if (names.includes('webCrypto')) hide(Crypto.prototype, 'subtle');
      if (names.includes('storage')) {
        hide(window, 'indexedDB');
        hide(window, 'localStorage');
      }
      if (names.includes('streamingFetch')) delete (Response.prototype as { body?: unknown }).body;
    }, features);
  }
}
