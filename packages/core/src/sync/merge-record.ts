import { compareVersions, laterOrNull, without } from './merge-order';
import type { Versioned } from './merge-order';

/** A folder, project, prompt, character or plugin as it syncs: whole-record last-writer-wins (MG7). */
export interface SyncRecord extends Versioned {
  readonly id: string;
  readonly deletedAt: string | null;
  readonly syncedAt?: string | null;
}

/** Fields that are one device's bookkeeping, never part of the synced state (MG10). */
export const LOCAL_ONLY_FIELDS = ['syncedAt'] as const;

const comparable = (record: SyncRecord) => without(record, LOCAL_ONLY_FIELDS);

/**
 * Merges two versions of the same folder, prompt, character or plugin: the tombstone, else the
 * later updatedAt, else the larger canonical JSON wins whole (MG7, MG8); syncedAt is the later of
 * the two (MG10). Commutative, associative and idempotent (MG9).
 */
export function mergeRecord<T extends SyncRecord>(a: T, b: T): T {
  assertSameId(a.id, b.id);
  const winner = compareVersions<SyncRecord>(a, b, comparable) >= 0 ? a : b;
  const syncedAt = laterOrNull(a.syncedAt, b.syncedAt);
  return winner.syncedAt === syncedAt || !('syncedAt' in winner) ? winner : { ...winner, syncedAt };
}

/** Merges two optional versions: whichever exists, or both merged. */
export function mergeOptional<T>(
  a: T | undefined,
  b: T | undefined,
  merge: (a: T, b: T) => T,
): T | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return merge(a, b);
}

/** Merges two collections by id; the result lists ids in ascending order. */
export function mergeById<T extends { readonly id: string }>(
  a: readonly T[],
  b: readonly T[],
  merge: (a: T, b: T) => T,
): T[] {
  const byId = new Map<string, T>();
  for (const record of [...a, ...b]) {
    const existing = byId.get(record.id);
    byId.set(record.id, existing === undefined ? record : merge(existing, record));
  }
  return [...byId.keys()].sort().map((id) => byId.get(id)!);
}

/**
 * A tombstone of `record` deleted at `at` (ISO). Deleting again keeps the first deletion's time, so
 * a repeated delete does not make a new version.
 */
export function tombstoneOf<T extends SyncRecord>(record: T, at: string): T {
  if (record.deletedAt !== null) return record;
  return { ...record, deletedAt: at, updatedAt: at >= record.updatedAt ? at : record.updatedAt };
}

export function assertSameId(a: string, b: string): void {
  if (a !== b) throw new Error(`cannot merge different records: ${a} and ${b}`);
}
