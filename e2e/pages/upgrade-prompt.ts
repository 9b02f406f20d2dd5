import type { Locator, Page } from '@playwright/test';

/**
 * The prompt a locked feature (Play on an answer) opens: a status popover rendered in a portal at
 * the page's edge, so it is found on the page rather than inside the message that opened it.
 */
export function upgradePrompt(page: Page): Locator {
  return page.getByRole('status').filter({ has: page.getByRole('button', { name: 'Upgrade' }) });
}
