import { describe, expect, it, vi } from 'vitest';
import { createFetchSyncTransport } from '../../src/adapters/sync/fetch-sync-transport';

describe('the fetch sync transport', () => {
  it('calls the base URL with the bearer token and the cookie, and parses the JSON answer', async () => {
    const fetch = vi.fn(async () => new Response('{"ok":true}', { status: 201 }));
    const transport = createFetchSyncTransport({
      baseUrl: () => 'https://s.test',
      token: () => 'tok',
      fetch,
    });
    const answer = await transport.send({ method: 'POST', path: '/api/sync', body: '{"a":1}' });
    expect(answer).toEqual({ status: 201, body: { ok: true } });
    expect(fetch).toHaveBeenCalledWith(
      'https://s.test/api/sync',
      expect.objectContaining({
        method: 'POST',
        body: '{"a":1}',
        credentials: 'same-origin',
        headers: expect.objectContaining({ authorization: 'Bearer tok', 'content-type': 'application/json' }),
      }),
    );
  });

  it('sends no authorization without a token and reads a body that is not JSON as undefined', async () => {
    const fetch = vi.fn(async () => new Response('<html>busy</html>', { status: 502 }));
    const transport = createFetchSyncTransport({
      baseUrl: () => 'https://s.test',
      token: () => undefined,
      fetch,
    });
    expect(await transport.send({ method: 'GET', path: '/api/hosted/users/self' })).toEqual({
      status: 502,
      body: undefined,
    });
    const init = (fetch.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect(init.headers).not.toHaveProperty('authorization');
  });

  it('gives up after the time-out (spec section 9: 7000 ms by default)', async () => {
    vi.useFakeTimers();
    try {
      const fetch = vi.fn(
        (_url: RequestInfo | URL, init?: RequestInit) =>
          new Promise<Response>((_resolve, reject) =>
            init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
          ),
      );
      const transport = createFetchSyncTransport({
        baseUrl: () => 'https://s.test',
        token: () => 't',
        fetch,
      });
      const answer = transport
        .send({ method: 'GET', path: '/api/hosted/users/self' })
        .catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(6999);
      expect(fetch.mock.calls[0]?.[1]?.signal?.aborted).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(((await answer) as DOMException).name).toBe('TimeoutError');
    } finally {
      vi.useRealTimers();
    }
  });
});
