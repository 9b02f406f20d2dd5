import type { Context, Handler } from 'hono';
import { HttpError, sendError } from '../http/errors';

export { UserFacingError } from '../http/errors';

/** Answers an HttpError in the one error shape (`http/errors.ts`). */
export function sendUserError(c: Context, error: HttpError) {
  return sendError(c, error);
}

/** Wraps a route handler so its HttpErrors are answered in the error shape before any other middleware. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- keeps each route's own Env and path types
export function withUserErrors<H extends Handler<any, any>>(handler: H): H {
  return (async (c: Context, next: () => Promise<void>) => {
    try {
      return await handler(c, next);
    } catch (error) {
      if (error instanceof HttpError) return sendError(c, error);
      throw error;
    }
  }) as H;
}
