import { expect, type Locator, type Page } from '@playwright/test';

/** What i18next shows for a key it has no string for: 'agents.form.name'. */
const RAW_KEY = /^[a-z][a-zA-Z]*(\.[a-zA-Z0-9_]+)+$/;

/** Visible text lines and labels (aria-label, placeholder, title) in `root` that look like raw keys. */
export async function rawKeysIn(root: Locator): Promise<string[]> {
  const texts = await root.evaluate((element) => {
    const found = (element as HTMLElement).innerText.split('\n').map((line) => line.trim());
    for (const labelled of element.querySelectorAll('[aria-label], [placeholder], [title]')) {
      for (const name of ['aria-label', 'placeholder', 'title']) {
        const value = labelled.getAttribute(name);
        if (value) found.push(value.trim());
      }
    }
    return found;
  });
  return texts.filter((text) => RAW_KEY.test(text));
}

export async function expectNoRawKeys(root: Locator) {
  expect(await rawKeysIn(root)).toEqual([]);
}

/** Keep in step with PREFETCHED_MARK in packages/web/src/lib/deferred.ts. */
const PREFETCHED_MARK = 'parley:prefetched';

/** Waits until the lazy screens prefetched after the first screen are in (lib/deferred.ts). */
export async function waitForPrefetch(page: Page) {
  await page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, PREFETCHED_MARK);
}
