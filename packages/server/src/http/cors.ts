import type { Context, MiddlewareHandler } from 'hono';

/** What a cross-origin client of the API may send (rules CO1-CO4 in SPEC.md beside this file). */
export const CORS_ALLOWED_METHODS = 'GET, POST, OPTIONS';
export const CORS_ALLOWED_HEADERS =
  'Authorization, Content-Type, Accept, X-Parley-Sync-Protocol, X-Parley-Sync-Listener';
/**
 * The license client reads Retry-After of a 429, the sync client a rotated Parley-Cloud-Token; a
 * cross-origin page sees a header only when it is exposed.
 */
export const CORS_EXPOSED_HEADERS = 'Retry-After, Parley-Cloud-Token';
/**
 * How long a browser may reuse a preflight answer. Short: an origin removed from CORS_ORIGINS
 * could keep sending (not reading) requests until its cached preflight runs out.
 */
export const CORS_MAX_AGE_SECONDS = 600;

export type CorsOriginsParse = { ok: true; origins: string[] } | { ok: false; invalid: string };

/**
 * CORS_ORIGINS: comma-separated exact origins (`https://app.example.com`, `http://localhost:5173`).
 * An entry with a path, query, credentials or a wildcard is refused rather than guessed at.
 */
export function parseCorsOrigins(text: string): CorsOriginsParse {
  const origins = new Set<string>();
  for (const entry of text.split(',').map((part) => part.trim())) {
    if (entry === '') continue;
    const origin = originOf(entry);
    if (!origin) return { ok: false, invalid: entry };
    origins.add(origin);
  }
  return { ok: true, origins: [...origins] };
}

function originOf(entry: string): string | undefined {
  if (entry.includes('*')) return undefined;
  let url: URL;
  try {
    url = new URL(entry);
  } catch {
    return undefined;
  }
  const bare = url.pathname === '/' && url.search === '' && url.hash === '';
  const plain = url.username === '' && url.password === '' && !/^[a-z]+:\/\/[^/]*\/./i.test(entry);
  if (!['http:', 'https:'].includes(url.protocol) || !bare || !plain) return undefined;
  return url.origin; // lower-cased scheme and host, default port dropped: as browsers send Origin
}

function addVaryOrigin(headers: Headers): void {
  const vary = headers.get('vary');
  if (!vary) headers.set('vary', 'Origin');
  else if (!/(^|,)\s*(origin|\*)\s*(,|$)/i.test(vary)) headers.set('vary', `${vary}, Origin`);
}

const isPreflight = (c: Context) =>
  c.req.method === 'OPTIONS' && c.req.header('access-control-request-method') !== undefined;

/**
 * CORS for the API routes. Listed origins get their own origin back with credentials allowed
 * (never `*`); any other origin gets no CORS headers, so the browser keeps the answer from it.
 * Every answer varies by Origin, so a shared cache never hands one origin's answer to another.
 */
export function corsForOrigins(allowed: readonly string[]): MiddlewareHandler {
  const origins = new Set(allowed);
  return async (c, next) => {
    const origin = c.req.header('origin');
    const listed = origin !== undefined && origins.has(origin);
    if (isPreflight(c)) {
      const headers = new Headers({ vary: 'Origin' });
      if (listed) {
        headers.set('access-control-allow-origin', origin);
        headers.set('access-control-allow-credentials', 'true');
        headers.set('access-control-allow-methods', CORS_ALLOWED_METHODS);
        headers.set('access-control-allow-headers', CORS_ALLOWED_HEADERS);
        headers.set('access-control-max-age', String(CORS_MAX_AGE_SECONDS));
      }
      return new Response(null, { status: 204, headers });
    }
    await next();
    const headers = c.res.headers;
    addVaryOrigin(headers);
    if (listed) {
      headers.set('access-control-allow-origin', origin);
      headers.set('access-control-allow-credentials', 'true');
      headers.set('access-control-expose-headers', CORS_EXPOSED_HEADERS);
    }
  };
}
