import { expect, type Locator, type Page } from '@playwright/test';
import { keepScreenshot } from '../support/screenshots';
import { sidewaysOverflow } from '../support/sideways-overflow';

/**
 * Checks that a screen fits its window: nothing scrolls sideways or is cut off at a side (the
 * page, and the open dialog when one is given), then keeps a screenshot named after the step.
 */
export class LayoutCheck {
  constructor(
    readonly page: Page,
    readonly prefix: string,
  ) {}

  async expectFits(step: string, dialog?: Locator) {
    const pageWidth = await this.page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    }));
    expect(pageWidth.scroll, `${step}: the page scrolls sideways`).toBeLessThanOrEqual(pageWidth.client);
    if (dialog) {
      const box = await dialog.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
      expect(box.scroll, `${step}: the dialog is wider than its box`).toBeLessThanOrEqual(box.client);
    }
    expect(await sidewaysOverflow(dialog ?? this.page), `${step}: cut off or scrolling sideways`).toEqual([]);
    await keepScreenshot(this.page, `${this.prefix}-${step}`);
  }
}
