import type { SyncFailure } from './sync-failure';

/** SC27: the first automatic retry after a failure that may pass by itself. */
export const SYNC_RETRY_FIRST_MS = 5_000;
/** SC27: retries back off by doubling up to this wait, so a long outage costs a call every 5 min. */
export const SYNC_RETRY_MAX_MS = 5 * 60_000;

/**
 * SC27: whether a failure may go away without the user doing anything: no answer (offline, the
 * server down or restarting, a 5xx), sync switched off for a while (503), or a 408 / 429. A 413
 * (too large) or another 4xx (a session that expired, a request the server refuses) fails the same
 * way until something changes, so it waits for a change, Sync now or coming back online.
 */
export function isRetryableFailure(failure: SyncFailure): boolean {
  if (failure.code === 'unexpected' || failure.code === 'disabled') return true;
  return failure.code === 'client_error' && (failure.status === 408 || failure.status === 429);
}

/** SC27: the wait before retry number `attempt` (1 after the first failure): 5 s, 10 s, 20 s, … 5 min. */
export function retryDelayMs(attempt: number): number {
  const doubled = SYNC_RETRY_FIRST_MS * 2 ** Math.max(0, attempt - 1);
  return Math.min(doubled, SYNC_RETRY_MAX_MS);
}
