import type { Page } from 'playwright-core';

/**
 * Cold start of the real app on the seeded profile: from navigation start until the sidebar lists
 * chats and the last chat's messages are on screen. Undefined while the app has no chat list yet.
 */
export async function measureAppColdStart(page: Page, url: string): Promise<number | undefined> {
  await page.goto(url);
  const sidebar = page.getByRole('navigation', { name: 'Sidebar' });
  const firstChat = sidebar.getByRole('listitem').first();
  try {
    await firstChat.waitFor({ timeout: 3_000 });
  } catch {
    return undefined;
  }
  return page.evaluate(() => performance.now());
}
