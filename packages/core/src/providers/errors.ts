import type { ProviderId } from '../models';

/**
 * The closed set of ways a provider call can fail (SPEC.md ER1). Each code is mapped once, in the
 * UI, to a user-facing message from the spec's error catalogue.
 */
export const providerErrorCodes = [
  'invalid_api_key',
  'insufficient_quota',
  'rate_limited',
  'context_length_exceeded',
  'overloaded',
  'bad_request',
  'permission_denied',
  'not_found',
  'server_error',
  'provider_error',
  'offline',
  'timeout',
  'aborted',
  'stream_interrupted',
  'content_filter',
  // PR29: a limit the organisation's server set on its hosted models (not the provider's).
  'organisation_limit',
] as const;
export type ProviderErrorCode = (typeof providerErrorCodes)[number];

/** Codes worth an automatic or user-initiated retry of the same request. */
const retryableCodes: ReadonlySet<ProviderErrorCode> = new Set<ProviderErrorCode>([
  'rate_limited',
  'overloaded',
  'server_error',
  'timeout',
  'offline',
  'stream_interrupted',
]);

export interface ProviderErrorInit {
  code: ProviderErrorCode;
  provider: ProviderId;
  /** HTTP status; undefined for network failures and errors inside a 200 stream. */
  status?: number | undefined;
  /** The provider's own message (or a short description for local failures). */
  providerMessage: string;
  /** The response body or stream payload as received, when there was one. */
  rawBody?: string | undefined;
  cause?: unknown;
}

export class ProviderError extends Error {
  readonly code: ProviderErrorCode;
  readonly provider: ProviderId;
  readonly status: number | undefined;
  readonly providerMessage: string;
  readonly rawBody: string | undefined;

  constructor(init: ProviderErrorInit) {
    const status = init.status === undefined ? '' : ` ${init.status}`;
    super(`${init.provider}${status} ${init.code}: ${init.providerMessage}`, { cause: init.cause });
    this.name = 'ProviderError';
    this.code = init.code;
    this.provider = init.provider;
    this.status = init.status;
    this.providerMessage = init.providerMessage;
    this.rawBody = init.rawBody;
  }

  get retryable(): boolean {
    return retryableCodes.has(this.code);
  }
}

export function isProviderError(value: unknown): value is ProviderError {
  return value instanceof ProviderError;
}
