import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../src/http/errors';
import { limitedBody } from '../src/http/route-guards';

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
