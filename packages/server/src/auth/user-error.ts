import { syncMessages } from '@parley/core/sync';
import type { Context, Handler } from 'hono';
import { HttpError, serverErrorStatus, type ServerErrorCode } from '../http/errors';

/**
 * The account and sync calls answer errors as `{ error: { code, message }, userMessage }` (PR8):
 * the client shows userMessage as it is. `extra` carries fields the client still applies on an
 * error, such as usage numbers on a 413.
 */
export class UserFacingError extends HttpError {
  constructor(
    code: ServerErrorCode,
    message: string,
    readonly userMessage: string = message,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(code, message);
  }
}

/** The text a person sees for each code the account and sync routes can answer. */
function userMessageOf(error: HttpError): string {
  if (error instanceof UserFacingError) return error.userMessage;
  if (error.code.startsWith('unauthorized:auth')) return syncMessages.sessionExpired;
  if (error.code.startsWith('payload_too_large:')) return syncMessages.tooLarge;
  if (error.code === 'unavailable:sync') return syncMessages.disabled;
  return error.message;
}

export function sendUserError(c: Context, error: HttpError) {
  const extra = error instanceof UserFacingError ? error.extra : {};
  const body = {
    error:
      error.detail === undefined
        ? { code: error.code, message: error.message }
        : { code: error.code, message: error.message, detail: error.detail },
    userMessage: userMessageOf(error),
    ...extra,
  };
  return c.json(body, serverErrorStatus[error.code]);
}

/** Wraps a route handler so its HttpErrors are answered in the user-facing shape. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- keeps each route's own Env and path types
export function withUserErrors<H extends Handler<any, any>>(handler: H): H {
  return (async (c: Context, next: () => Promise<void>) => {
    try {
      return await handler(c, next);
    } catch (error) {
      if (error instanceof HttpError) return sendUserError(c, error);
      throw error;
    }
  }) as H;
}
