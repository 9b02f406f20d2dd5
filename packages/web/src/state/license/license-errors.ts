/**
 * Why a license action failed: a closed set. Server answers map onto it in license-api.ts, and
 * each code maps once to its message in license-text.ts.
 */
export type LicenseErrorCode =
  /** Refused before any request (spec section 5, LI8). */
  | 'empty_key'
  | 'looks_like_openai_key'
  /** From the server (LS2, LS4, LS11, LS7, LS5/LS8, LS6). */
  | 'invalid_key'
  | 'device_limit'
  | 'user_limit'
  | 'rate_limited'
  | 'token_refused'
  | 'device_not_found'
  /** The server answered something this app cannot use. */
  | 'bad_response'
  | 'unverifiable_token'
  | 'network'
  | 'server'
  /** A device action without a stored license token. */
  | 'not_activated';

export class LicenseClientError extends Error {
  constructor(
    readonly code: LicenseErrorCode,
    message: string,
    readonly extra: { detail?: string; retryAfterSeconds?: number; status?: number } = {},
  ) {
    super(message);
    this.name = 'LicenseClientError';
  }
}

export function licenseErrorCode(error: unknown): LicenseErrorCode {
  return error instanceof LicenseClientError ? error.code : 'server';
}
