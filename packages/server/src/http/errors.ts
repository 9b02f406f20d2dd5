import { syncMessages } from '@parley/core/sync';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** Closed set of server error codes, each mapped once to its HTTP status. */
export const serverErrorStatus = {
  'bad_request:body': 400,
  'bad_request:license_key': 400,
  'bad_request:blob': 400,
  'bad_request:sync_protocol': 400,
  'unauthorized:auth': 401,
  'unauthorized:credentials': 401,
  'unauthorized:license_token': 401,
  'forbidden:auth': 403,
  'forbidden:origin': 403,
  'forbidden:device_limit': 403,
  'forbidden:user_limit': 403,
  'forbidden:role': 403,
  'forbidden:deactivated': 403,
  'forbidden:password_login': 403,
  'forbidden:signup_closed': 403,
  'not_found:member': 404,
  'not_found:shared': 404,
  'not_found:invite': 404,
  'conflict:last_admin': 409,
  'conflict:shared_limit': 409,
  'not_found:route': 404,
  'not_found:license_device': 404,
  'not_found:sync_chunk': 404,
  'not_found:sync_buffer': 404,
  'not_found:share': 404,
  'not_found:blob': 404,
  'not_found:hosted_model': 404,
  'not_found:hosted_provider': 404,
  'not_found:hosted_member': 404,
  'conflict:auth_email': 409,
  'payload_too_large:body': 413,
  'payload_too_large:sync_quota': 413,
  'payload_too_large:share': 413,
  'payload_too_large:share_quota': 413,
  'payload_too_large:blob': 413,
  'unsupported_media_type:body': 415,
  'unsupported_media_type:blob': 415,
  'rate_limited:auth': 429,
  'rate_limited:license': 429,
  'rate_limited:share': 429,
  'rate_limited:sync_events': 429,
  // HM9: a member's or the organisation's limit on hosted models (the message says which and when).
  'rate_limited:hosted': 429,
  // Sync protocol versions that do not fit (PR11, SY19): the client is told to reload.
  'incompatible:client_too_old': 426,
  'incompatible:server_too_old': 426,
  'conflict:share_limit': 409,
  'internal:server': 500,
  'bad_gateway:hosted': 502,
  'unavailable:sync': 503,
  'unavailable:share': 503,
  'unavailable:sync_events': 503,
  'unavailable:hosted': 503,
} as const satisfies Record<string, ContentfulStatusCode>;

export type ServerErrorCode = keyof typeof serverErrorStatus;

/**
 * Every error of every route answers in one shape:
 * `{ error: { code, message, detail? }, userMessage, ...extra }`. `userMessage` is the sentence a
 * person sees (the sync client shows it as it is, PR8); `extra` carries fields a client still
 * applies on an error, such as the usage numbers of a 413.
 */
export type ErrorBody = {
  error: { code: ServerErrorCode; message: string; detail?: string };
  userMessage: string;
} & Record<string, unknown>;

export class HttpError extends Error {
  constructor(
    readonly code: ServerErrorCode,
    message: string,
    /** Optional second sentence telling the user what to do next. */
    readonly detail?: string,
    readonly options: { userMessage?: string; extra?: Record<string, unknown> } = {},
  ) {
    super(message);
  }
}

/** An error whose user-facing sentence differs from its message (sync and account routes). */
export class UserFacingError extends HttpError {
  constructor(
    code: ServerErrorCode,
    message: string,
    userMessage: string = message,
    extra: Record<string, unknown> = {},
  ) {
    super(code, message, undefined, { userMessage, extra });
  }
}

/** The sentence a person sees: the error's own, else the spec's for its kind, else its message. */
function userMessageOf(error: HttpError): string {
  if (error.options.userMessage !== undefined) return error.options.userMessage;
  if (error.code === 'unauthorized:auth') return syncMessages.sessionExpired;
  if (error.code.startsWith('payload_too_large:')) return syncMessages.tooLarge;
  if (error.code === 'unavailable:sync') return syncMessages.disabled;
  return error.detail === undefined ? error.message : `${error.message}. ${error.detail}`;
}

export function errorBody(error: HttpError): ErrorBody {
  const { code, message, detail } = error;
  return {
    error: detail === undefined ? { code, message } : { code, message, detail },
    userMessage: userMessageOf(error),
    ...error.options.extra,
  };
}

export function sendError(c: Context, error: HttpError): Response;
export function sendError(c: Context, code: ServerErrorCode, message: string, detail?: string): Response;
export function sendError(
  c: Context,
  error: HttpError | ServerErrorCode,
  message?: string,
  detail?: string,
): Response {
  const value = typeof error === 'string' ? new HttpError(error, message ?? error, detail) : error;
  return c.json(errorBody(value), serverErrorStatus[value.code]);
}
