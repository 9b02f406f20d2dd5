import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
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
