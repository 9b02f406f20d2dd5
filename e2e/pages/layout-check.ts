import { expect as hardExpect, type Locator, type Page } from '@playwright/test';
import { keepScreenshot } from '../support/screenshots';
import { sidewaysOverflow } from '../support/sideways-overflow';

const softExpect = hardExpect.soft;

/**
 * Checks that a screen fits its window: nothing scrolls sideways or is cut off at a side (the
 * page, and the open dialog when one is given), then keeps a screenshot named after the step.
 */
export class LayoutCheck {
  constructor(
    readonly page: Page,
    readonly prefix: string,
    /** Soft: every screen that does not fit is reported, not only the first (the language passes). */
    readonly options: { soft?: boolean } = {},
  ) {}

  /** `screenshot: false` checks without keeping a picture (the language passes check many screens). */
  async expectFits(step: string, dialog?: Locator, { screenshot = true }: { screenshot?: boolean } = {}) {
    const expect = this.options.soft ? softExpect : hardExpect;
    const pageWidth = await this.page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    }));
    expect(pageWidth.scroll, `${this.prefix}-${step}: the page scrolls sideways`).toBeLessThanOrEqual(
      pageWidth.client,
    );
    if (dialog) {
      const box = await dialog.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
      expect(box.scroll, `${this.prefix}-${step}: the dialog is wider than its box`).toBeLessThanOrEqual(
        box.client,
      );
    }
    expect(
      await sidewaysOverflow(dialog ?? this.page),
      `${this.prefix}-${step}: cut off or scrolling sideways`,
    ).toEqual([]);
    if (screenshot) await keepScreenshot(this.page, `${this.prefix}-${step}`);
  }
}
