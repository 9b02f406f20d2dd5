import { canonicalJson, sameJson } from './canonical-json';

/** What every versioned record shares: an ISO updatedAt and a nullable ISO deletedAt. */
export interface Versioned {
  readonly updatedAt: string;
  readonly deletedAt?: string | null | undefined;
}

export function isDeleted(record: { readonly deletedAt?: unknown }): boolean {
  return typeof record.deletedAt === 'string';
}

/**
 * The total order every last-writer-wins choice uses: a tombstone beats any live version (MG5,
 * MG6, MG7), then the later updatedAt (MG4, MG7), then, on a tie, the larger canonical JSON of
 * `comparable(record)` (MG8). Being a total order, "take the larger" is commutative, associative
 * and idempotent (MG9).
 */
export function compareVersions<T extends Versioned>(
  a: T,
  b: T,
  comparable: (record: T) => unknown = (record) => record,
): number {
  const deletedA = isDeleted(a);
  if (deletedA !== isDeleted(b)) return deletedA ? 1 : -1;
  if (a.updatedAt !== b.updatedAt) return a.updatedAt < b.updatedAt ? -1 : 1;
  const left = comparable(a);
  const right = comparable(b);
  // Most ties are the same version on both sides (every unchanged message of a synced chat): the
  // side-by-side walk says so without writing either text.
  if (sameJson(left, right)) return 0;
  const textA = canonicalJson(left);
  const textB = canonicalJson(right);
  if (textA === textB) return 0;
  return textA < textB ? -1 : 1;
}

export function laterVersion<T extends Versioned>(a: T, b: T, comparable?: (record: T) => unknown): T {
  return compareVersions(a, b, comparable) >= 0 ? a : b;
}

/** The later of two nullable ISO timestamps (syncedAt is bookkeeping: it never picks a winner, MG10). */
export function laterOrNull(a: string | null | undefined, b: string | null | undefined): string | null {
  if (!a) return b ?? null;
  if (!b) return a;
  return a >= b ? a : b;
}

/** A copy of `record` without the listed keys, for comparisons that must ignore them. */
export function without<T extends object>(record: T, keys: readonly string[]): Partial<T> {
  const copy = { ...record } as Record<string, unknown>;
  for (const key of keys) delete copy[key];
  return copy as Partial<T>;
}
