import type { MiddlewareHandler } from 'hono';
import { HttpError } from '../http/errors';
import type { AccountService, AuthUser } from './account-service';
import { cloudTokenFromCookie } from './cloud-token-cookie';
import { sendUserError } from './user-error';

export type AuthEnv = { Variables: { user: AuthUser } };

const BEARER = /^Bearer\s+(\S+)$/i;

/**
 * Authenticates the request by `Authorization: Bearer` or, failing that, the cloud token cookie,
 * and puts the user on the context. A write authenticated only by the cookie must be JSON: a
 * cross-site form cannot send that without a CORS preflight, which this server grants only to the
 * origins the operator lists in CORS_ORIGINS (CO2), so the cookie cannot be used for request
 * forgery (AU4).
 */
export function requireUser(accounts: AccountService): MiddlewareHandler<AuthEnv> {
  return async (c, next) => {
    const bearer = BEARER.exec(c.req.header('authorization') ?? '')?.[1];
    const token = bearer ?? cloudTokenFromCookie(c);
    const user = token ? await accounts.authenticate(token) : undefined;
    if (!user)
      return sendUserError(c, new HttpError('unauthorized:auth', 'A valid cloud token is required.'));
    const contentType = c.req.header('content-type') ?? '';
    if (!bearer && c.req.method !== 'GET' && !contentType.toLowerCase().startsWith('application/json')) {
      return sendUserError(c, new HttpError('forbidden:auth', 'Cookie-authenticated writes must be JSON.'));
    }
    c.set('user', user);
    await next();
  };
}
