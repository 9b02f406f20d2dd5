/**
 * A code chunk that fails to load (the network dropped after the app started) is fetched again once
 * the browser is back online, instead of crashing the screen that needed it. Browsers retry a failed
 * dynamic import of the same URL. After a few failures while online (a chunk gone after a new
 * deployment) the error is passed on, and the error screen offers a reload.
 */
const ONLINE_RETRIES = 3;
const RETRY_DELAY_MS = 1000;

function whenOnline(): Promise<void> {
  if (typeof navigator === 'undefined' || navigator.onLine) return Promise.resolve();
  return new Promise((resolve) => window.addEventListener('online', () => resolve(), { once: true }));
}

export type RetryOptions = {
  /** Tries after the first failure while online (default 3). */
  retries?: number;
  /**
   * Offline: wait for the network and try again (default), or fail at once, for a caller that must
   * tell the user now (sending a message offline says so instead of hanging).
   */
  offline?: 'wait' | 'fail';
};

export function retryingImport<T>(load: () => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const retriesLeft = options.retries ?? ONLINE_RETRIES;
  return load().catch(async (error: unknown) => {
    const offline = typeof navigator !== 'undefined' && !navigator.onLine;
    if (offline ? options.offline === 'fail' : retriesLeft <= 0) throw error;
    await whenOnline();
    await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS));
    return retryingImport(load, { ...options, retries: offline ? retriesLeft : retriesLeft - 1 });
  });
}
