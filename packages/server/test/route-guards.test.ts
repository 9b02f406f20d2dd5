import { Hono, type MiddlewareHandler } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AccountService, AuthUser } from '../src/auth/account-service';
import type { AuthEnv } from '../src/auth/require-user';
import { HttpError } from '../src/http/errors';
import { limitedBody, syncRouteGuards } from '../src/http/route-guards';

/** A route behind a 10-byte limit that answers how many characters it read. */
function limitedApp() {
  const app = new Hono();
  const limit = limitedBody(10, () => new HttpError('payload_too_large:body', 'Too large.'));
  app.post('/echo', limit, async (c) => c.json({ read: (await c.req.text()).length }));
  return app;
}

/** A body that is never read without failing the test: it errors on the first pull. */
function unreadableBody(): ReadableStream<Uint8Array> {
  return new ReadableStream({
    pull: (controller) => controller.error(new Error('the body was read')),
  });
}

describe('limitedBody (SY7 hard cap on every body)', () => {
  it('a declared Content-Length over the limit is refused in the error shape before the body is read', async () => {
    const res = await limitedApp().request('/echo', {
      method: 'POST',
      headers: { 'content-length': '11' },
      body: unreadableBody(),
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ error: { code: 'payload_too_large:body' } });
  });

  it('a declared Content-Length within the limit reaches the route, which reads the body', async () => {
    const res = await limitedApp().request('/echo', {
      method: 'POST',
      headers: { 'content-length': '10' },
      body: '0123456789',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ read: 10 });
  });

  it('a body without a Content-Length is counted as it streams in', async () => {
    const chunks = ['01234', '56789', 'x'];
    const body = new ReadableStream<Uint8Array>({
      pull: (controller) => {
        const chunk = chunks.shift();
        if (chunk === undefined) controller.close();
        else controller.enqueue(new TextEncoder().encode(chunk));
      },
    });
    const res = await limitedApp().request('/echo', { method: 'POST', body, duplex: 'half' } as RequestInit);
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ error: { code: 'payload_too_large:body' } });
    const fits = await limitedApp().request('/echo', { method: 'POST', body: '0123456789' });
    expect(await fits.json()).toEqual({ read: 10 });
  });
});

/** Accounts that know one token; the rest of the service is never reached by the guard. */
const accounts = {
  authenticate: async (token: string) =>
    token === 'good' ? ({ id: 'u1', email: 'a@example.com', tokenHash: 'h' } as AuthUser) : undefined,
  tokenSettings: { lifetimeMs: 60_000 },
} as unknown as AccountService;

/** A sync-family route file's shape: a signed-in route behind one extra check, and a public one. */
function guardedApp(disabled: boolean) {
  const app = new Hono<AuthEnv>();
  const refuseOld: MiddlewareHandler = async (c, next) => {
    if (c.req.header('x-old') !== undefined)
      return c.json({ error: { code: 'incompatible:client_too_old' } }, 426);
    await next();
  };
  const { available, signedIn } = syncRouteGuards(accounts, disabled, refuseOld);
  app.get('/mine', signedIn, (c) => c.json({ user: c.get('user').id }));
  app.get('/public', available, (c) => c.json({ ok: true }));
  return app;
}

describe('syncRouteGuards (SY8: the sync family answers a disabled server first)', () => {
  it('SY8: with sync off, signed-in and public routes answer 503 before the token or any check is read', async () => {
    const app = guardedApp(true);
    for (const [path, headers] of [
      ['/mine', { 'x-old': '1' }],
      ['/mine', {}],
      ['/public', {}],
    ] as const) {
      const res = await app.request(path, { headers });
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({ error: { code: 'unavailable:sync' } });
    }
  });

  it("the route's own checks come before the account, then a missing or unknown token is 401", async () => {
    const app = guardedApp(false);
    expect((await app.request('/mine', { headers: { 'x-old': '1' } })).status).toBe(426);
    const anonymous = await app.request('/mine');
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ error: { code: 'unauthorized:auth' } });
    expect((await app.request('/mine', { headers: { authorization: 'Bearer bad' } })).status).toBe(401);
  });

  it('a signed-in caller reaches the route with its account; the public route needs none', async () => {
    const app = guardedApp(false);
    const res = await app.request('/mine', { headers: { authorization: 'Bearer good' } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ user: 'u1' });
    expect(await (await app.request('/public')).json()).toEqual({ ok: true });
  });
});
