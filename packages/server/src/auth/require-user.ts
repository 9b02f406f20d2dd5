import type { MiddlewareHandler } from 'hono';
import { HttpError } from '../http/errors';
import type { AccountService, AuthUser } from './account-service';
import { CLOUD_TOKEN_HEADER, cloudTokenFromCookie, setCloudTokenCookie } from './cloud-token-cookie';
import { sendUserError } from './user-error';

export type AuthEnv = { Variables: { user: AuthUser } };

const BEARER = /^Bearer\s+(\S+)$/i;

/**
 * Authenticates the request by `Authorization: Bearer` or, failing that, the cloud token cookie,
 * and puts the user on the context. A write authenticated only by the cookie must be JSON or a
 * PUT: a cross-site form can send neither, and a page cannot without a CORS preflight, which this
 * server grants only to the origins the operator lists in CORS_ORIGINS (CO2), so the cookie cannot
 * be used for request forgery (AU4).
 */
export function requireUser(accounts: AccountService): MiddlewareHandler<AuthEnv> {
  return async (c, next) => {
    const bearer = BEARER.exec(c.req.header('authorization') ?? '')?.[1];
    const token = bearer ?? cloudTokenFromCookie(c);
    const user = token ? await accounts.authenticate(token) : undefined;
    if (!user)
      return sendUserError(c, new HttpError('unauthorized:auth', 'A valid cloud token is required.'));
    const contentType = c.req.header('content-type') ?? '';
    // PUT (attachment bytes) is a method no form can send, so it is preflighted like JSON.
    const formSendable = c.req.method !== 'GET' && c.req.method !== 'PUT';
    if (!bearer && formSendable && !contentType.toLowerCase().startsWith('application/json')) {
      return sendUserError(c, new HttpError('forbidden:auth', 'Cookie-authenticated writes must be JSON.'));
    }
    c.set('user', user);
    await next();
    // A rotated token (AU8) rides on the answer, success or error: the cookie for a page on our
    // origin, the header for a client that keeps the token itself (CORS exposes it, CO3).
    const successor = c.get('user').successor;
    if (successor && c.res.status !== 401) {
      setCloudTokenCookie(c, successor, Math.floor(accounts.tokenSettings.lifetimeMs / 1000));
      // Only a caller that holds the token itself sees it: a cookie session's token stays
      // out of reach of the page's scripts (decision 0020).
      if (bearer) c.res.headers.set(CLOUD_TOKEN_HEADER, successor);
    }
  };
}
