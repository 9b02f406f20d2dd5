import { SyncErrorBodySchema, syncMessages, type SyncStats } from '../sync';

/**
 * Why a sync failed, as a closed set (spec section 8). Each code has one user-facing text; only
 * `client_error` may carry the server's own userMessage instead.
 */
export type SyncFailureCode =
  'too_large' | 'disabled' | 'client_error' | 'unexpected' | 'leader_unresponsive' | 'incompatible';

/**
 * A follower tab's request that the leader tab never answered (SC25): not a spec section 8 text,
 * since the server was never asked. en.json `cloudSync.errors.leaderUnresponsive` holds the same.
 */
export const LEADER_UNRESPONSIVE_MESSAGE =
  'Another Parley tab syncs for this browser and is not responding. Switch to that tab or close it, then try again.';

export interface SyncFailure {
  readonly code: SyncFailureCode;
  /** The text to show: the spec's, or the server's userMessage for other 4xx answers. */
  readonly message: string;
  /** The HTTP status, when the server answered. */
  readonly status?: number;
  /** A 401: the cloud token is no longer valid, so signing in again is the fix. */
  readonly sessionExpired: boolean;
}

/** Thrown inside a sync run; carries the failure and any usage numbers the error answer had. */
export class SyncFailureError extends Error {
  constructor(
    readonly failure: SyncFailure,
    readonly stats: SyncStats | null = null,
    options?: { cause?: unknown },
  ) {
    super(failure.message, options);
    this.name = 'SyncFailureError';
  }
}

export function leaderUnresponsiveFailure(): SyncFailure {
  return { code: 'leader_unresponsive', message: LEADER_UNRESPONSIVE_MESSAGE, sessionExpired: false };
}

export function unexpectedFailure(): SyncFailure {
  return { code: 'unexpected', message: syncMessages.unexpected, sessionExpired: false };
}

/**
 * The failure of a non-2xx answer (SC16): 413 too large, 503 disabled, other 4xx the server's
 * userMessage (else the generic text), anything else unexpected. Usage numbers in the body of a
 * 4xx come back too, so they can still be shown (SC17).
 */
export function failureOfAnswer(status: number, body: unknown): SyncFailureError {
  const parsed = SyncErrorBodySchema.safeParse(body ?? {});
  const errorBody = parsed.success ? parsed.data : undefined;
  const isClientError = status >= 400 && status < 500;
  const stats = isClientError ? statsOfErrorBody(errorBody) : null;
  if (status === 413) {
    return new SyncFailureError(
      { code: 'too_large', message: syncMessages.tooLarge, status, sessionExpired: false },
      stats,
    );
  }
  // PR11: the server and this page speak protocols that do not fit, whichever is newer.
  if (errorBody?.error?.code.startsWith('incompatible:')) {
    return new SyncFailureError({
      code: 'incompatible',
      message: syncMessages.incompatible,
      status,
      sessionExpired: false,
    });
  }
  if (status === 503) {
    return new SyncFailureError({
      code: 'disabled',
      message: syncMessages.disabled,
      status,
      sessionExpired: false,
    });
  }
  if (isClientError) {
    const message = errorBody?.userMessage?.trim() || syncMessages.otherClientError;
    return new SyncFailureError(
      { code: 'client_error', message, status, sessionExpired: status === 401 },
      stats,
    );
  }
  return new SyncFailureError({ ...unexpectedFailure(), status }, null, {
    cause: new Error(`sync server answered ${status}`),
  });
}

function statsOfErrorBody(body: ReturnType<typeof SyncErrorBodySchema.parse> | undefined): SyncStats | null {
  if (!body) return null;
  if (body.syncStats) return body.syncStats;
  if (typeof body.totalUsageBytes === 'number' && typeof body.limitUsageBytes === 'number') {
    return {
      lastSyncAt: null,
      totalUsageBytes: body.totalUsageBytes,
      limitUsageBytes: body.limitUsageBytes,
      subscriptions: [],
      isPaid: false,
      apis: [],
    };
  }
  return null;
}
