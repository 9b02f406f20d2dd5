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

/** A request body over `maxSize` bytes is refused with `tooLarge()`, in the one error shape. */
export function limitedBody(maxSize: number, tooLarge: () => HttpError): MiddlewareHandler {
  return bodyLimit({ maxSize, onError: (c) => sendError(c, tooLarge()) });
}
