import type { StoragePort } from '@parley/core/storage';
import { afterFirstScreen } from '../state';

/** How long the chats must go unchanged before a pass: an answer being written saves every few seconds. */
const SETTLE_MS = 5_000;

/**
 * Storage SPEC PK6: the packed copy of the chat summaries is brought up to date after the first
 * screen, and again once chat writes (this tab's, another tab's, an import's, a sync's) have
 * settled; each step of a pass waits for an idle moment. A pass with nothing to do is three small
 * reads. Returns a stop function.
 */
export function schedulePackedSummaries(store: StoragePort, win: Window = window): () => void {
  const pack = store.packSummaries;
  if (!pack) return () => {};
  let stopped = false;
  let running = false;
  let again = false;
  let timer: ReturnType<typeof win.setTimeout> | undefined;
  let cancelIdle = () => {};
  // Between a pass's steps: the next idle moment, as for any deferred work.
  const idle = () => new Promise<void>((resolve) => afterFirstScreen(resolve, win));
  const run = async () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      // Another tab packed while this pass read: its pack is newer, this one looks again later.
      if ((await pack({ pause: idle })) === 'changed') again = true;
    } catch (error) {
      console.warn('Parley could not pack the chat list (the next start reads it in full):', error);
    } finally {
      running = false;
    }
    if (again) {
      again = false;
      settle();
    }
  };
  const whenIdle = () => {
    cancelIdle();
    cancelIdle = afterFirstScreen(() => void run(), win);
  };
  const settle = () => {
    win.clearTimeout(timer);
    timer = win.setTimeout(whenIdle, SETTLE_MS);
  };
  whenIdle();
  const stopWatching = store.onChange((change) => {
    if (change.area === 'chats') settle();
  });
  return () => {
    stopped = true;
    cancelIdle();
    stopWatching();
    win.clearTimeout(timer);
  };
}
