import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** Closed set of server error codes, each mapped once to its HTTP status. */
export const serverErrorStatus = {
  'bad_request:body': 400,
  'unauthorized:auth': 401,
  'forbidden:auth': 403,
  'not_found:route': 404,
  'payload_too_large:body': 413,
  'rate_limited:auth': 429,
  'internal:server': 500,
  'unavailable:sync': 503,
} as const satisfies Record<string, ContentfulStatusCode>;

export type ServerErrorCode = keyof typeof serverErrorStatus;

export class HttpError extends Error {
  constructor(
    readonly code: ServerErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export function errorBody(code: ServerErrorCode, message: string) {
  return { error: { code, message } };
}

export function sendError(c: Context, code: ServerErrorCode, message: string) {
  return c.json(errorBody(code, message), serverErrorStatus[code]);
}
