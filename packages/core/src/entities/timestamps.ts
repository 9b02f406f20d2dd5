import { z } from 'zod/mini';
import { acceptAsIs } from './entity-parser';

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

const CANONICAL = /^(\d{4})-(\d{2})-(\d{2})T([01]\d|2[0-3]):[0-5]\d:[0-5]\d\.\d{3}Z$/;
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * Whether `value` is already a timestamp in its stored form, which `toIsoTimestamp` gives back
 * unchanged: the pattern, a real month and a day that month has (Date.parse would roll
 * 30 February over to March). Every synced message has two: a chat's parse skips their round
 * trip through Date (issue #32).
 */
export function isCanonicalTimestamp(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const match = CANONICAL.exec(value);
  if (!match) return false;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return day <= (month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1]!);
}

/** A required timestamp; missing means the epoch. */
export const timestampField = acceptAsIs(
  z._default(z.pipe(z.transform(toIsoTimestamp), isoText), EPOCH_ISO),
  isCanonicalTimestamp,
);

/** A timestamp that is null until the thing happens (deletedAt, syncedAt, favoritedAt, …). */
export const optionalTimestampField = acceptAsIs(
  z._default(z.pipe(z.transform(toIsoTimestamp), z.nullable(isoText)), null),
  (value) => value === null || isCanonicalTimestamp(value),
);

export function laterTimestamp(a: string, b: string): string {
  return a >= b ? a : b;
}
