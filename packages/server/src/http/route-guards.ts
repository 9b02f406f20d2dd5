import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { every } from 'hono/combine';
import type { AccountService } from '../auth/account-service';
import { requireUser, type AuthEnv } from '../auth/require-user';
import { HttpError, sendError } from './errors';

/**
 * SY8: every route of the sync family (sync, attachments, backups, share links) answers 503
 * `unavailable:sync` when cloud sync is off on this server, before anything else.
 */
export function syncAvailable(disabled: boolean | undefined): MiddlewareHandler {
  return async (c, next) => {
    if (disabled)
      return sendError(c, new HttpError('unavailable:sync', 'Cloud sync is disabled on this server.'));
    await next();
  };
}

/** The two doors of a sync-family route file: see syncRouteGuards. */
export type SyncRouteGuards = {
  /** Cloud sync is on (SY8): for a route anyone may call (a share link's public read). */
  available: MiddlewareHandler;
  /** Cloud sync is on (SY8), then the route's own checks, then the caller's account (AU4). */
  signedIn: MiddlewareHandler<AuthEnv>;
};

/**
 * The one guard setup of the sync family's route files (sync, attachments, backups, share links):
 * `signedIn` runs "cloud sync available" first (SY8), then `checks` in order (sync's protocol
 * version, SY19), then requireUser, as one middleware, so every route of the family answers a
 * disabled server, an old client and a missing token the same way and in the same order.
 */
export function syncRouteGuards(
  accounts: AccountService,
  disabled: boolean | undefined,
  ...checks: MiddlewareHandler[]
): SyncRouteGuards {
  const available = syncAvailable(disabled);
  return { available, signedIn: every(available, ...checks, requireUser(accounts)) };
}

const DECIMAL = /^\d+$/;

/**
 * A request body over `maxSize` bytes is refused with `tooLarge()`, in the one error shape. A
 * body with a Content-Length (and no Transfer-Encoding) is judged by the header alone, which
 * Node's HTTP parser holds the body to, so the body stays unread here: reading `c.req.raw.body`,
 * as Hono's bodyLimit does first, builds a web Request and stream for every request (a tenth of
 * a small sync's time, issue #32), where the route's own `c.req.text()` reads the bytes directly.
 * Any other body is counted as it streams in by Hono's bodyLimit.
 */
export function limitedBody(maxSize: number, tooLarge: () => HttpError): MiddlewareHandler {
  const streamed = bodyLimit({ maxSize, onError: (c) => sendError(c, tooLarge()) });
  return async (c, next) => {
    const length = c.req.header('content-length');
    if (length !== undefined && DECIMAL.test(length) && c.req.header('transfer-encoding') === undefined) {
      if (Number(length) > maxSize) return sendError(c, tooLarge());
      await next();
      return;
    }
    return streamed(c, next);
  };
}
