import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** Closed set of server error codes, each mapped once to its HTTP status. */
export const serverErrorStatus = {
  'bad_request:body': 400,
  'bad_request:license_key': 400,
  'unauthorized:auth': 401,
  'unauthorized:credentials': 401,
  'unauthorized:license_token': 401,
  'forbidden:auth': 403,
  'forbidden:device_limit': 403,
  'forbidden:user_limit': 403,
  'not_found:route': 404,
  'not_found:license_device': 404,
  'not_found:sync_chunk': 404,
  'not_found:sync_buffer': 404,
  'conflict:auth_email': 409,
  'payload_too_large:body': 413,
  'payload_too_large:sync_quota': 413,
  'rate_limited:auth': 429,
  'rate_limited:license': 429,
  'internal:server': 500,
  'unavailable:sync': 503,
} as const satisfies Record<string, ContentfulStatusCode>;

export type ServerErrorCode = keyof typeof serverErrorStatus;

export class HttpError extends Error {
  constructor(
    readonly code: ServerErrorCode,
    message: string,
    /** Optional second sentence telling the user what to do next. */
    readonly detail?: string,
  ) {
    super(message);
  }
}

export type ErrorBody = { error: { code: ServerErrorCode; message: string; detail?: string } };

export function errorBody(code: ServerErrorCode, message: string, detail?: string): ErrorBody {
  return { error: detail === undefined ? { code, message } : { code, message, detail } };
}

export function sendError(c: Context, code: ServerErrorCode, message: string, detail?: string) {
  return c.json(errorBody(code, message, detail), serverErrorStatus[code]);
}
