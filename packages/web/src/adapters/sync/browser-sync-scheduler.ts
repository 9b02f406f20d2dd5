import type { SyncScheduler } from '@parley/core/sync-client';

/** The engine's debounce on the browser's timers. */
export const browserSyncScheduler: SyncScheduler = {
  schedule(callback, delayMs) {
    const timer = setTimeout(callback, delayMs);
    return () => clearTimeout(timer);
  },
};
