import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { describe, expect, it } from 'vitest';
import { createApp } from '../src/app';
import { ConfigError, loadConfig } from '../src/config';
import { forEachDatabase } from './db-harness';
import { PASSWORD } from './sync-test-kit';

const LISTED = 'https://app.example.com';
const OTHER = 'https://evil.example.net';

function preflight(path: string, origin: string, method = 'POST') {
  return new Request(`http://sync.test${path}`, {
    method: 'OPTIONS',
    headers: {
      origin,
      'access-control-request-method': method,
      'access-control-request-headers': 'authorization, content-type',
    },
  });
}

const corsHeadersOf = (headers: Headers) =>
  [...headers.keys()].filter((name) => name.toLowerCase().startsWith('access-control-'));

describe('CORS_ORIGINS', () => {
  it('CO1 defaults to no origins', () => {
    expect(loadConfig({}, '/srv').corsOrigins).toEqual([]);
  });

  it('CO1 reads exact origins the way browsers send Origin', () => {
    const config = loadConfig(
      { CORS_ORIGINS: ' https://App.Example.com/ , http://localhost:5173,https://b.example:443' },
      '/srv',
    );
    expect(config.corsOrigins).toEqual([
      'https://app.example.com',
      'http://localhost:5173',
      'https://b.example',
    ]);
  });

  it.each([
    'https://app.example.com/sync',
    '*',
    'https://*.example.com',
    'ftp://files.example',
    'app.example.com',
    'https://u:p@app.example.com',
    'https://app.example.com?x=1',
  ])('CO1 refuses %s with a configuration error naming CORS_ORIGINS', (entry) => {
    expect(() => loadConfig({ CORS_ORIGINS: `${LISTED},${entry}` }, '/srv')).toThrow(ConfigError);
    expect(() => loadConfig({ CORS_ORIGINS: entry }, '/srv')).toThrow(/CORS_ORIGINS/);
  });
});

describe('CORS on /api/*', () => {
  const app = createApp({ version: 'test', corsOrigins: [LISTED] });

  it.each([
    '/api/sync',
    '/api/sync-buffer',
    '/api/auth/login',
    '/api/hosted/users/self',
    '/api/license/activate',
    '/api/health',
  ])(
    'CO2 a preflight from a listed origin to %s is allowed, with credentials and a max age',
    async (path) => {
      const res = await app.request(preflight(path, LISTED));
      expect(res.status).toBe(204);
      expect(res.headers.get('access-control-allow-origin')).toBe(LISTED);
      expect(res.headers.get('access-control-allow-credentials')).toBe('true');
      expect(res.headers.get('access-control-allow-methods')).toBe('GET, POST, OPTIONS');
      const allowedHeaders = res.headers.get('access-control-allow-headers')!.toLowerCase().split(/,\s*/);
      expect(allowedHeaders).toEqual(expect.arrayContaining(['authorization', 'content-type']));
      expect(res.headers.get('access-control-max-age')).toBe('600');
      expect(res.headers.get('vary')).toBe('Origin');
    },
  );

  it('CO4 a preflight from an unlisted origin gets no CORS headers', async () => {
    const res = await app.request(preflight('/api/sync', OTHER));
    expect(res.status).toBe(204);
    expect(corsHeadersOf(res.headers)).toEqual([]);
    expect(res.headers.get('vary')).toBe('Origin');
  });

  it('CO3 a simple request from a listed origin gets its origin back, never *', async () => {
    const res = await app.request('/api/health', { headers: { origin: LISTED } });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe(LISTED);
    expect(res.headers.get('access-control-allow-credentials')).toBe('true');
    expect(res.headers.get('access-control-expose-headers')).toBe('Retry-After, Parley-Cloud-Token');
    expect(res.headers.get('vary')).toBe('Origin');
  });

  it('CO4 a simple request from an unlisted origin is answered without CORS headers', async () => {
    const res = await app.request('/api/health', { headers: { origin: OTHER } });
    expect(res.status).toBe(200);
    expect(corsHeadersOf(res.headers)).toEqual([]);
    expect(res.headers.get('vary')).toBe('Origin');
  });

  it('CO3 errors carry the CORS headers too, so the client can read their message', async () => {
    const res = await app.request('/api/nope', { headers: { origin: LISTED } });
    expect(res.status).toBe(404);
    expect(res.headers.get('access-control-allow-origin')).toBe(LISTED);
  });

  it('CO1 without CORS_ORIGINS no origin gets CORS headers, nor a preflight answer', async () => {
    const sameOriginOnly = createApp({ version: 'test' });
    const pre = await sameOriginOnly.request(preflight('/api/sync', LISTED));
    expect(pre.status).toBe(404);
    expect(corsHeadersOf(pre.headers)).toEqual([]);
    const res = await sameOriginOnly.request('/api/health', { headers: { origin: LISTED } });
    expect(corsHeadersOf(res.headers)).toEqual([]);
    expect(res.headers.get('vary')).toBeNull();
  });
});

forEachDatabase((t) => {
  it('CO3 a listed origin signs up and syncs with a bearer token', async () => {
    const app = createApp({ version: 'test', db: t.database(), corsOrigins: [LISTED] });
    const post = (path: string, body: unknown, token?: string) =>
      app.request(path, {
        method: 'POST',
        headers: {
          origin: LISTED,
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(body),
      });

    const signup = await post('/api/auth/signup', { email: 'cors@example.com', password: PASSWORD });
    expect(signup.status).toBe(200);
    expect(signup.headers.get('access-control-allow-origin')).toBe(LISTED);
    const { token } = (await signup.json()) as { token: string };

    const sync = await post('/api/sync', { allData: {}, lastSyncAt: null }, token);
    expect(sync.status).toBe(200);
    expect(sync.headers.get('access-control-allow-origin')).toBe(LISTED);
    expect(sync.headers.get('access-control-allow-credentials')).toBe('true');

    const refused = await post('/api/sync', { allData: {}, lastSyncAt: null });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('access-control-allow-origin')).toBe(LISTED);
  });
});

describe('CORS over real HTTP', () => {
  it('CO2 CO4 the Node server passes the preflight answer through unchanged', async () => {
    const app = createApp({ version: 'test', corsOrigins: [LISTED] });
    const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
      const started = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(started));
    });
    try {
      const { port } = server.address() as AddressInfo;
      const base = `http://127.0.0.1:${port}`;
      const allowed = await fetch(`${base}/api/sync`, {
        method: 'OPTIONS',
        headers: { origin: LISTED, 'access-control-request-method': 'POST' },
      });
      expect(allowed.status).toBe(204);
      expect(allowed.headers.get('access-control-allow-origin')).toBe(LISTED);
      expect(allowed.headers.get('access-control-allow-headers')).toContain('Authorization');

      const refused = await fetch(`${base}/api/sync`, {
        method: 'OPTIONS',
        headers: { origin: OTHER, 'access-control-request-method': 'POST' },
      });
      expect(refused.status).toBe(204);
      expect(corsHeadersOf(refused.headers)).toEqual([]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
