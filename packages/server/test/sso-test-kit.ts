import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import type { Hono } from 'hono';

/**
 * A browser for the sign-in tests: real HTTP, redirects followed by hand, one cookie jar (every
 * server of the test is on 127.0.0.1, and cookies do not tell ports apart), and the identity
 * provider's sign-in page filled with a login.
 */
export class TestBrowser {
  readonly cookies = new Map<string, string>();

  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size > 0)
      headers.set('cookie', [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '));
    const res = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const name = pair.slice(0, pair.indexOf('=')).trim();
      const value = pair.slice(pair.indexOf('=') + 1).trim();
      const gone = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute)) || value === '';
      if (gone) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }

  /**
   * Goes to `url`, follows redirects, signs in as `login` on the provider's page, and stops at
   * the first answer that is not a redirect or at a redirect to `stopAt` (its URL is returned).
   */
  async signIn(
    url: string,
    login: string,
    stopAt: (url: URL) => boolean,
  ): Promise<{ url: URL; visited: URL[] }> {
    let next = new URL(url);
    let init: RequestInit = {};
    const visited: URL[] = [];
    for (let hop = 0; hop < 20; hop++) {
      visited.push(next);
      if (stopAt(next)) return { url: next, visited };
      const res = await this.fetch(next.href, init);
      init = {};
      const location = res.headers.get('location');
      if (location) {
        await res.body?.cancel();
        next = new URL(location, next);
        continue;
      }
      const html = await res.text();
      const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
      if (res.status !== 200 || !action)
        throw new Error(`stuck at ${next.href}: ${res.status} ${html.slice(0, 300)}`);
      next = new URL(action, next);
      init = {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ login }).toString(),
      };
    }
    throw new Error('too many redirects');
  }
}

/** Serves whichever app the current test set on one fixed port (the provider knows its redirect URI). */
export async function startSwitchableServer(): Promise<{
  origin: string;
  use(app: Hono): void;
  close(): Promise<void>;
}> {
  let current: Hono | undefined;
  const server: ServerType = await new Promise((resolve) => {
    const started = serve(
      { port: 0, hostname: '127.0.0.1', fetch: (req, env) => current!.fetch(req, env) },
      () => resolve(started),
    );
  });
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    use: (app) => {
      current = app;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
