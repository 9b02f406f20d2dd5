import type { StoredRow } from '@parley/core/storage';
import { prefixRange } from './key-ranges';

/**
 * The packed copy of the chat summaries (storage SPEC PK, decision 0155), in a table of its own:
 *
 * - `part/<build>/<n>`: every summary row as it was stored (`ids` and `values`, in parts of a few
 *   thousand, newest first), from one packing pass (`build`);
 * - `dirty/<length of id>:<id>/<stamp>`: the summary row as last written (`value`; none: deleted),
 *   put by the engine in the same transaction as every write of that row, replacing the row's
 *   earlier entry. The key carries a new stamp each time, so a packing pass can tell by the keys
 *   alone which rows were written after it began.
 *
 * The summaries are then the parts with the dirty entries laid over them: one read of a few
 * records at start instead of 10,000. Only a packing pass removes dirty entries, and only those
 * whose rows it read after they were written.
 */
export const SUMMARY_PACK_TABLE = 'summaryPack';
export const SUMMARY_PACK_FORMAT = 1;

const DIRTY_PREFIX = 'dirty/';

export interface SummaryPackPart {
  readonly format: typeof SUMMARY_PACK_FORMAT;
  readonly build: string;
  readonly index: number;
  readonly of: number;
  readonly ids: string[];
  readonly values: unknown[];
}

export const PART_PREFIX = 'part/';
export interface DirtySummary {
  readonly id: string;
  /** The row as written; absent when the write deleted it. */
  readonly value?: unknown;
}

export const partRange = (): IDBKeyRange => prefixRange(PART_PREFIX);
export const dirtyRange = (): IDBKeyRange => prefixRange(DIRTY_PREFIX);

/** Every dirty entry of row `id` (whatever its stamp); no id's prefix starts another's. */
export const dirtyRowRange = (id: string): IDBKeyRange => prefixRange(`${DIRTY_PREFIX}${id.length}:${id}/`);
export const dirtyKey = (id: string, stamp: string): string => `${DIRTY_PREFIX}${id.length}:${id}/${stamp}`;

/** Stamps unique to this engine (a random prefix and a count). */
export function dirtyStamps(): () => string {
  const prefix = Math.random().toString(36).slice(2);
  let count = 0;
  return () => prefix + (count++).toString(36);
}

/**
 * The rows of a whole pack (every part of one build, in order) with the dirty entries laid over
 * them; undefined when there is no pack or anything in it is not as written (the caller then reads
 * the summary table itself).
 */
export function summariesFromPack(
  parts: readonly unknown[],
  dirty: readonly unknown[],
): StoredRow[] | undefined {
  const all = parts as readonly (Partial<SummaryPackPart> | null)[];
  const rows: StoredRow[] = [];
  for (const [index, part] of all.entries()) {
    const { ids, values } = part ?? {};
    if (
      part?.format !== SUMMARY_PACK_FORMAT ||
      part.build !== all[0]?.build ||
      part.index !== index ||
      part.of !== all.length ||
      !Array.isArray(ids) ||
      !Array.isArray(values) ||
      ids.length !== values.length
    )
      return undefined;
    for (let at = 0; at < ids.length; at++) {
      const id: unknown = ids[at];
      if (typeof id !== 'string') return undefined;
      rows.push({ id, value: values[at] });
    }
  }
  if (rows.length === 0 && all.length === 0) return undefined;
  if (dirty.length === 0) return rows;
  const changed = new Map<string, DirtySummary>();
  for (const entry of dirty as readonly (Partial<DirtySummary> | null)[]) {
    if (typeof entry?.id !== 'string') return undefined;
    changed.set(entry.id, entry as DirtySummary);
  }
  const merged: StoredRow[] = [];
  for (const row of rows) {
    const entry = changed.get(row.id);
    if (!entry) {
      merged.push(row);
      continue;
    }
    changed.delete(row.id);
    if ('value' in entry) merged.push({ id: row.id, value: entry.value });
  }
  // Rows written since the pack was built.
  for (const entry of changed.values())
    if ('value' in entry) merged.push({ id: entry.id, value: entry.value });
  return merged;
}
