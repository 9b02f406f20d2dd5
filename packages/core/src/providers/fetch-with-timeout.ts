/** The error a timed-out request rejects with; its name matches the platform's own TimeoutError. */
export class FetchTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`No response within ${timeoutMs} ms`);
    this.name = 'TimeoutError';
  }
}

export const DEFAULT_FETCH_TIMEOUT_MS = 7000;

/**
 * fetch that gives up when the response headers take longer than `ms` (spec: default 7000 ms).
 * Rejects with FetchTimeoutError on time-out; an abort of `init.signal` passes through unchanged.
 */
export async function fetchWithTimeout(
  fetchFn: typeof fetch,
  url: string,
  init: RequestInit = {},
  ms: number = DEFAULT_FETCH_TIMEOUT_MS,
): Promise<Response> {
  const controller = new AbortController();
  const outer = init.signal ?? undefined;
  const forward = (): void => controller.abort(outer?.reason);
  if (outer?.aborted) forward();
  else outer?.addEventListener('abort', forward, { once: true });
  const timer = setTimeout(() => controller.abort(new FetchTimeoutError(ms)), ms);
  try {
    return await fetchFn(url, { ...init, signal: controller.signal });
  } catch (error) {
    const reason: unknown = controller.signal.reason;
    throw reason instanceof FetchTimeoutError ? reason : error;
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', forward);
  }
}
