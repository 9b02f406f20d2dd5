/**
 * Why a model list could not be had (ML rules in SPEC.md). A closed set, each mapped once in the
 * web app to a message; fetchModelList never throws, it returns one of these.
 */
export const modelListErrorCodes = [
  /** 401 or 403: the key is missing, wrong or not allowed to list models. */
  'unauthorized',
  'not_found',
  'rate_limited',
  /** 5xx. */
  'server_error',
  /** Any other non-2xx status. */
  'http_error',
  /** The answer is an HTML page (a proxy, a login wall, the wrong URL). */
  'html',
  'not_json',
  /** JSON, but not a model list (wrong types, no list). */
  'bad_shape',
  /** The body is larger than the app reads (MAX_BODY_BYTES). */
  'too_large',
  /** No answer at all: offline, DNS, refused, or blocked by CORS (the browser does not say which). */
  'network',
  'timeout',
] as const;
export type ModelListErrorCode = (typeof modelListErrorCodes)[number];

export interface ModelListError {
  readonly code: ModelListErrorCode;
  readonly status?: number | undefined;
  /** A short technical detail (the provider's message, the first schema issue) for the curious. */
  readonly detail?: string | undefined;
}

export function modelListError(code: ModelListErrorCode, status?: number, detail?: string): ModelListError {
  return { code, status, detail: detail?.slice(0, 300) };
}

/** ML6: the status decides the error first; 401 and 403 both mean the key. */
export function errorForStatus(status: number, detail?: string): ModelListError {
  if (status === 401 || status === 403) return modelListError('unauthorized', status, detail);
  if (status === 404) return modelListError('not_found', status, detail);
  if (status === 429) return modelListError('rate_limited', status, detail);
  if (status >= 500) return modelListError('server_error', status, detail);
  return modelListError('http_error', status, detail);
}
