/** A fetch that answers from a routing function with real Response objects and records each call. */
export interface RecordedCall {
  url: URL;
  headers: Record<string, string>;
}

export function routeFetch(
  answer: (url: URL, headers: Record<string, string>) => Response | Promise<Response>,
) {
  const calls: RecordedCall[] = [];
  const fetchFn = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    calls.push({ url, headers });
    if (init?.signal?.aborted) throw init.signal.reason ?? new DOMException('aborted', 'AbortError');
    return answer(url, headers);
  }) as typeof fetch;
  return { fetchFn, calls };
}

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}
