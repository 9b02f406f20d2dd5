/**
 * The closed set of ways storage can fail. Adapters map platform errors (DOMException names, Dexie
 * error classes) to one of these once, in toStorageError, so callers switch on `code` only.
 */
export const storageErrorCodes = ['quota_exceeded', 'unavailable', 'corrupt_record', 'not_found'] as const;
export type StorageErrorCode = (typeof storageErrorCodes)[number];

export class StorageError extends Error {
  constructor(
    readonly code: StorageErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'StorageError';
  }
}

export function isStorageError(error: unknown, code?: StorageErrorCode): error is StorageError {
  return error instanceof StorageError && (code === undefined || error.code === code);
}

interface ErrorLike {
  name?: unknown;
  code?: unknown;
  message?: unknown;
  inner?: unknown;
  cause?: unknown;
}

// Names browsers and Dexie use when the origin's storage is full.
const QUOTA_NAMES = new Set(['QuotaExceededError', 'NS_ERROR_DOM_QUOTA_REACHED']);
// DOMException legacy codes: 22 (QUOTA_EXCEEDED_ERR), 1014 (Firefox's NS_ERROR_DOM_QUOTA_REACHED).
const QUOTA_CODES = new Set([22, 1014]);

function causeChain(error: unknown): ErrorLike[] {
  const chain: ErrorLike[] = [];
  let current: unknown = error;
  // Dexie wraps the platform error in `inner`; others use `cause`. Bounded in case of cycles.
  while (typeof current === 'object' && current !== null && chain.length < 5) {
    const link = current as ErrorLike;
    chain.push(link);
    current = link.inner ?? link.cause;
  }
  return chain;
}

export function isQuotaExceeded(error: unknown): boolean {
  return causeChain(error).some(
    (link) =>
      (typeof link.name === 'string' && QUOTA_NAMES.has(link.name)) ||
      (typeof link.code === 'number' && QUOTA_CODES.has(link.code)),
  );
}

/** Maps anything an engine throws to a StorageError; unknown failures count as `unavailable`. */
export function toStorageError(error: unknown, action: string): StorageError {
  if (error instanceof StorageError) return error;
  const detail = error instanceof Error ? error.message : String(error);
  if (isQuotaExceeded(error)) {
    return new StorageError('quota_exceeded', `${action}: storage is full (${detail})`, { cause: error });
  }
  return new StorageError('unavailable', `${action}: storage is unavailable (${detail})`, { cause: error });
}

/** An error shaped like the one browsers throw when storage is full, for fault injection in tests. */
export function quotaExceededError(message = 'The quota has been exceeded.'): Error {
  const error = new Error(message);
  error.name = 'QuotaExceededError';
  return error;
}
