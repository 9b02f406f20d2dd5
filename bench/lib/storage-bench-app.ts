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
  /** The app's read of every chat summary completed (its packed copy, else the summary table). */
  summariesRead: number | undefined;
  /** Where the summaries came from: the packed copy (storage SPEC PK) or the table itself. */
  summariesFrom: 'pack' | 'table' | undefined;
  /** The first frame with sidebar rows, and the first with a message of the last chat. */
  sidebarShown: number;
  chatShown: number;
  /** The app's own `parley:first-screen` mark (deferred work starts there), when set by then. */
  firstScreenMark: number | undefined;
};

export async function measureAppColdStart(page: Page, url: string): Promise<AppColdStart | undefined> {
  // Notes when the summaries have been read (the packed copy's parts and dirty entries, or the
  // summary table), to tell the storage share from the UI's.
  await page.addInitScript(() => {
    const marks: Record<string, number> = {};
    (window as unknown as { __benchMarks: Record<string, number> }).__benchMarks = marks;
    const getAll = IDBObjectStore.prototype.getAll;
    IDBObjectStore.prototype.getAll = function (...args: Parameters<typeof getAll>) {
      const request = getAll.apply(this, args);
      const [query] = args;
      // The start's read of the packed copy: its parts, then the rows written since (dirty/...).
      const range = query instanceof IDBKeyRange ? String(query.lower) : '';
      if (this.name === 'summaryPack' && range.startsWith('dirty/'))
        request.addEventListener('success', () => (marks.pack ??= performance.now()));
      if (this.name === 'chatSummaries')
        request.addEventListener('success', () => (marks.summaries ??= performance.now()));
      return request;
    };
  });
  await page.goto(url, { waitUntil: 'commit' });
  try {
    const handle = await page.waitForFunction(
      () => {
        const now = performance.now();
        const marks = (window as unknown as { __benchMarks: Record<string, number> }).__benchMarks;
        if (document.querySelector('nav[aria-label="Sidebar"] li')) marks.sidebar ??= now;
        if (document.querySelector('main article')) marks.chat ??= now;
        const firstScreen = performance.getEntriesByName('parley:first-screen')[0]?.startTime;
        return marks.sidebar !== undefined && marks.chat !== undefined
          ? {
              shown: now,
              summariesRead: marks.summaries ?? marks.pack,
              summariesFrom:
                marks.summaries !== undefined ? 'table' : marks.pack !== undefined ? 'pack' : undefined,
              sidebarShown: marks.sidebar,
              chatShown: marks.chat,
              firstScreenMark: firstScreen,
            }
          : false;
      },
      undefined,
      { polling: 'raf', timeout: 15_000 },
    );
    return (await handle.jsonValue()) as AppColdStart;
  } catch {
    return undefined;
  }
}

/** Follows the search worker's replies (from the next navigation on), so a measurement can wait for the index. */
export async function followSearchWorker(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const search = { total: -1, indexed: 0, loaded: false, restored: 0, reindexed: 0 };
    (window as unknown as { __benchSearch: typeof search }).__benchSearch = search;
    const NativeWorker = window.Worker;
    window.Worker = class extends NativeWorker {
      constructor(...args: ConstructorParameters<typeof Worker>) {
        super(...args);
        this.addEventListener('message', (event: MessageEvent) => {
          const reply = event.data as {
            type?: string;
            total?: number;
            indexed?: number;
            restored?: number;
            reindexed?: number;
          };
          if (reply.type === 'read-progress' && typeof reply.total === 'number') search.total = reply.total;
          if (reply.type === 'read-loaded') {
            search.loaded = true;
            // Chats taken from the persisted index, and chats read and indexed anew.
            search.restored = reply.restored ?? 0;
            search.reindexed = reply.reindexed ?? 0;
          }
          if (reply.type === 'applied' && typeof reply.indexed === 'number') search.indexed = reply.indexed;
        });
      }
    };
  });
}

/**
 * Waits until the app has settled after a cold start: the first-screen services started and the
 * search worker has read and indexed every chat (it holds the biggest structure), or `timeoutMs`.
 * Returns whether the index caught up.
 */
export async function waitForSettledApp(page: Page, timeoutMs = 120_000): Promise<boolean> {
  try {
    await page.waitForFunction(
      () => {
        const search = (
          window as unknown as { __benchSearch: { total: number; indexed: number; loaded: boolean } }
        ).__benchSearch;
        const firstScreen = performance.getEntriesByName('parley:first-screen').length > 0;
        return firstScreen && search.loaded && search.total >= 0 && search.indexed >= search.total;
      },
      undefined,
      { polling: 250, timeout: timeoutMs },
    );
    return true;
  } catch {
    return false;
  }
}

/**
 * Opens the app once on the seeded profile and waits until it has packed the chat summaries
 * (storage SPEC PK: after the first screen, in idle moments), as any earlier session of a real user
 * would have. True when a packed copy is there; false for a build without one (or after `timeoutMs`).
 */
export async function waitForPackedSummaries(page: Page, url: string, timeoutMs = 90_000): Promise<boolean> {
  await page.goto(url);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const state = await page.evaluate(
      () =>
        new Promise<'none' | 'packed' | 'waiting'>((resolve) => {
          const request = indexedDB.open('parley');
          request.onerror = () => resolve('waiting');
          request.onsuccess = () => {
            const db = request.result;
            if (!db.objectStoreNames.contains('summaryPack')) {
              db.close();
              resolve('none');
              return;
            }
            const keys = db
              .transaction('summaryPack', 'readonly')
              .objectStore('summaryPack')
              .getAllKeys(IDBKeyRange.bound('part/', 'part0', false, true));
            keys.onsuccess = () => {
              db.close();
              resolve(keys.result.length > 0 ? 'packed' : 'waiting');
            };
            keys.onerror = () => {
              db.close();
              resolve('waiting');
            };
          };
        }),
    );
    if (state !== 'waiting') return state === 'packed';
    if (Date.now() > deadline) return false;
    await page.waitForTimeout(500);
  }
}
