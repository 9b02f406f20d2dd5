import { CLOUD_TOKEN_COOKIE } from '@parley/core/sync';
import type { Context, MiddlewareHandler } from 'hono';
import { sendError } from './errors';

/**
 * Cookie-carrying requests, and the calls that set the cookie, must come from our own origin or
 * one listed in CORS_ORIGINS (CO5): a page elsewhere cannot ride on the user's cookie, even with
 * a request the browser sends without a preflight. Requests without Origin (curl, other servers,
 * same-origin GETs) are not pages acting for the user and pass.
 */
export function originGuard(allowed: readonly string[]): MiddlewareHandler {
  const origins = new Set(allowed);
  return async (c, next) => {
    const origin = c.req.header('origin');
    if (origin === undefined || !needsOrigin(c) || origins.has(origin) || isSameHost(c, origin))
      return next();
    return sendError(
      c,
      'forbidden:origin',
      `Requests from ${origin.slice(0, 200)} may not use this account.`,
    );
  };
}

function needsOrigin(c: Context): boolean {
  const carriesCookie = (c.req.header('cookie') ?? '').includes(`${CLOUD_TOKEN_COOKIE}=`);
  const setsCookie = c.req.method === 'POST' && c.req.path.startsWith('/api/auth/');
  return carriesCookie || setsCookie;
}

/**
 * Same host as the request names (Host), so a TLS-terminating proxy in front of us (Origin
 * https://…, our URL http://…) still counts as same origin; the scheme cannot be trusted here.
 */
function isSameHost(c: Context, origin: string): boolean {
  try {
    return new URL(origin).host === new URL(c.req.url).host;
  } catch {
    return false; // "null" (sandboxed frames, file://) or garbage
  }
}
