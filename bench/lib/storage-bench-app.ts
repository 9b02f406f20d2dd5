import type { Page } from 'playwright-core';

/** Where the chat feature remembers the open chat; the app reopens it on start. */
export const ACTIVE_CHAT_KEY = 'TM_activeChatID';

/**
 * Cold start of the real app on the seeded profile: from navigation start until the sidebar lists
 * chats and a message of the last open chat is on screen (checked every animation frame).
 * Undefined when that does not happen within the time-out (e.g. the app has no chat list).
 */
export async function measureAppColdStart(page: Page, url: string): Promise<number | undefined> {
  await page.goto(url, { waitUntil: 'commit' });
  try {
    const handle = await page.waitForFunction(
      () => {
        const listed = document.querySelector('nav[aria-label="Sidebar"] li');
        const message = document.querySelector('main article');
        return listed && message ? performance.now() : false;
      },
      undefined,
      { polling: 'raf', timeout: 15_000 },
    );
    return (await handle.jsonValue()) as number;
  } catch {
    return undefined;
  }
}
