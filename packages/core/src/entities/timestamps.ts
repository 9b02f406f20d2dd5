import { z } from 'zod/mini';

/**
 * Every persisted timestamp is ISO 8601 UTC text with milliseconds (`2024-05-01T12:00:00.000Z`), so
 * timestamps compare correctly as strings (IndexedDB indexes, sync merges by updatedAt). Older data
 * used epoch numbers (milliseconds, sometimes seconds) and other date strings: those are normalised.
 */

/** The default for a missing timestamp: deterministic, so two devices parsing the same old record agree. */
export const EPOCH_ISO = '1970-01-01T00:00:00.000Z';

// Epoch numbers below this are seconds (it is the year 5138 in seconds, 1973 in milliseconds).
const SECONDS_THRESHOLD = 1e11;

export function toIsoTimestamp(value: unknown): unknown {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? value : value.toISOString();
  if (typeof value === 'number' && Number.isFinite(value)) {
    return new Date(value < SECONDS_THRESHOLD ? value * 1000 : value).toISOString();
  }
  if (typeof value === 'string' && value.trim() !== '') {
    const ms = Date.parse(value);
    return Number.isNaN(ms) ? value : new Date(ms).toISOString();
  }
  return value;
}

const isoText = z.string().check(z.refine((text) => !Number.isNaN(Date.parse(text)), 'not a date'));

/** A required timestamp; missing means the epoch. */
export const timestampField = z._default(z.pipe(z.transform(toIsoTimestamp), isoText), EPOCH_ISO);

/** A timestamp that is null until the thing happens (deletedAt, syncedAt, favoritedAt, …). */
export const optionalTimestampField = z._default(
  z.pipe(z.transform(toIsoTimestamp), z.nullable(isoText)),
  null,
);

export function laterTimestamp(a: string, b: string): string {
  return a >= b ? a : b;
}
