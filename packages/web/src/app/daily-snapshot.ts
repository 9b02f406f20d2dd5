import type { LocalSnapshots } from '../adapters/storage';

/** Long after startup, so the snapshot never competes with the first screen or the first answer. */
const DAILY_SNAPSHOT_DELAY_MS = 45_000;

/**
 * Storage SPEC SN3: once per start, when the page is idle, a daily snapshot if one is due; and the
 * browser is asked to keep this origin's data (persistent storage, decision 0051): Chromium grants
 * or refuses silently, Firefox asks the user once.
 */
export function scheduleDailySnapshot(snapshots: LocalSnapshots, win: Window): void {
  win.setTimeout(() => {
    const run = () => {
      void snapshots
        .takeDailyIfDue()
        .catch((error: unknown) => console.error('daily snapshot failed', error));
      void requestPersistentStorage(win.navigator);
    };
    if ('requestIdleCallback' in win) win.requestIdleCallback(run, { timeout: 10_000 });
    else run();
  }, DAILY_SNAPSHOT_DELAY_MS);
}

/** True when granted (or already), false when refused, undefined where the browser cannot tell. */
export async function requestPersistentStorage(nav: Navigator): Promise<boolean | undefined> {
  try {
    if (!nav.storage?.persist) return undefined;
    if (await nav.storage.persisted()) return true;
    return await nav.storage.persist();
  } catch {
    return undefined;
  }
}
