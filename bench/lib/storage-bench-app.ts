import type { Page } from 'playwright-core';

/** Where the chat feature remembers the open chat; the app reopens it on start. */
export const ACTIVE_CHAT_KEY = 'TM_activeChatID';

/**
 * Cold start of the real app on the seeded profile: from navigation start until the sidebar lists
 * chats and a message of the last open chat is on screen (checked every animation frame).
 * Undefined when that does not happen within the time-out (e.g. the app has no chat list).
 */
export type AppColdStart = {
  /** Sidebar list and a message of the last chat on screen. */
  shown: number;
  /** The app's read of every chat summary (IndexedDB getAll) completed. */
  summariesRead: number | undefined;
};

export async function measureAppColdStart(page: Page, url: string): Promise<AppColdStart | undefined> {
  // Notes when the summary table has been read, to tell the storage share from the UI's.
  await page.addInitScript(() => {
    const marks: Record<string, number> = {};
    (window as unknown as { __benchMarks: Record<string, number> }).__benchMarks = marks;
    const getAll = IDBObjectStore.prototype.getAll;
    IDBObjectStore.prototype.getAll = function (...args: Parameters<typeof getAll>) {
      const request = getAll.apply(this, args);
      if (this.name === 'chatSummaries')
        request.addEventListener('success', () => (marks.summaries ??= performance.now()));
      return request;
    };
  });
  await page.goto(url, { waitUntil: 'commit' });
  try {
    const handle = await page.waitForFunction(
      () => {
        const listed = document.querySelector('nav[aria-label="Sidebar"] li');
        const message = document.querySelector('main article');
        const marks = (window as unknown as { __benchMarks: Record<string, number> }).__benchMarks;
        return listed && message ? { shown: performance.now(), summariesRead: marks.summaries } : false;
      },
      undefined,
      { polling: 'raf', timeout: 15_000 },
    );
    return (await handle.jsonValue()) as AppColdStart;
  } catch {
    return undefined;
  }
}
