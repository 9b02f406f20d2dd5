type Answer = { status: number; body: unknown };
export type FakeSyncRequest = {
  method: string;
  origin: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
};

/**
 * A fetch over a tiny fake sync server for component tests: accounts, sync answers with fixed
 * usage numbers, backups; `answer` overrides any path. Records every request, except the change
 * notification streams (PR12), which it keeps open apart (`streams`) until `notify` writes to them.
 */
export function fakeSyncFetch() {
  const requests: FakeSyncRequest[] = [];
  const streams = new Set<ReadableStreamDefaultController<Uint8Array>>();
  const encoder = new TextEncoder();
  const overrides = new Map<string, () => Answer>();
  let stamp = Date.parse('2026-05-01T10:00:00.000Z');
  const user = (email: string) => ({ id: 'u1', email, createdAt: '2026-05-01T09:00:00.000Z' });
  const usage = { totalUsageBytes: 1536, limitUsageBytes: 100 * 1024 * 1024 };

  const route = (method: string, path: string, body: Record<string, unknown> | undefined): Answer => {
    const override = overrides.get(path);
    if (override) return override();
    if (path === '/api/auth/signup' || path === '/api/auth/login') {
      return { status: 200, body: { token: 'token-1', user: user(String(body?.email)) } };
    }
    if (path === '/api/auth/logout') return { status: 200, body: { ok: true } };
    if (path === '/api/hosted/users/self') {
      return { status: 200, body: { user: user('ada@example.com'), ...usage, isPaid: false } };
    }
    if (path === '/api/sync/config') return { status: 200, body: { maxSyncPayloadSize: 3_000_000 } };
    if (path === '/api/sync') {
      stamp += 1000;
      const lastSyncAt = new Date(stamp).toISOString();
      return {
        status: 200,
        body: {
          lastSyncAt,
          ...usage,
          isPaid: false,
          maxSyncPayloadSize: 3_000_000,
          syncStats: { lastSyncAt, ...usage, subscriptions: [], isPaid: false, apis: [] },
        },
      };
    }
    return { status: 404, body: { error: { code: 'not_found:route', message: `${method} ${path}` } } };
  };

  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(String(input));
    if (url.pathname === '/api/sync/events' && !overrides.has(url.pathname)) return openStream(init.signal);
    const body =
      typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined;
    const method = init.method ?? 'GET';
    requests.push({
      method,
      origin: url.origin,
      path: url.pathname,
      headers: { ...(init.headers as Record<string, string>) },
      body,
    });
    const answer = route(method, url.pathname, body);
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  };

  function openStream(signal: AbortSignal | null | undefined): Response {
    let opened: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        opened = controller;
        streams.add(controller);
        controller.enqueue(encoder.encode(': keep-alive\n\n'));
      },
      cancel() {
        streams.delete(opened);
      },
    });
    signal?.addEventListener('abort', () => {
      streams.delete(opened);
      opened.error(signal.reason);
    });
    return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
  }

  return {
    fetch: fetch as typeof globalThis.fetch,
    requests,
    /** How many notification streams are open. */
    get openStreams() {
      return streams.size;
    },
    /** Another device changed the account's data at `at`: every open stream hears it. */
    notify(at: string) {
      for (const stream of streams)
        stream.enqueue(encoder.encode(`event: changed\ndata: {"at":"${at}"}\n\n`));
    },
    answer(path: string, answer: Answer) {
      overrides.set(path, () => answer);
    },
  };
}
