import type { IDBPTransaction } from 'idb';
import { randomIdGenerator } from '@parley/core/platform';
import type { PackSummariesOptions, StoredRow, SummaryPackOutcome } from '@parley/core/storage';
import type { EngineTable } from './idb-engine';
import {
  dirtyRange,
  PART_PREFIX,
  partRange,
  SUMMARY_PACK_FORMAT,
  SUMMARY_PACK_TABLE,
  type SummaryPackPart,
} from './summary-pack';

/**
 * A packing pass (storage SPEC PK, decision 0155): its own chunk, loaded after the first screen.
 *
 * 1. One read notes where things stand: the parts of the current pack (by key), the dirty entries
 *    (by key: each names a row and a stamp) and how many summaries there are.
 * 2. Nothing to do while a pack exists and few rows were written since; no pack for a small library.
 * 3. Otherwise every summary row is read, PAGE_ROWS at a time, each page its own transaction with a
 *    pause between them, so the page is never held for long.
 * 4. One write, only if the parts are still those of step 1 (no other tab packed meanwhile): the
 *    new parts replace the old, and the dirty entries found in step 1 and still there are removed.
 *    A row written after step 1 has a new dirty entry (a new stamp), which stays and is laid over
 *    the pack; a row whose entry is removed was last written before step 1, so its page read it as
 *    it is now.
 */
export type OpenTransaction = <Mode extends IDBTransactionMode>(
  tables: EngineTable[],
  mode: Mode,
) => Promise<IDBPTransaction<unknown, ArrayLike<string>, Mode>>;

/** Below this many summaries the table read is quick enough (about 25 ms for 1,000). */
export const PACK_MIN_ROWS = 1000;
/** Rows written since the pack that are laid over it at start before a new pack is worth it. */
export const PACK_MAX_DIRTY = 200;
const PAGE_ROWS = 1000;
/** Rows per part record: each part's clone is a short task of its own when written. */
const PART_ROWS = 2500;

const noPause = () => Promise.resolve();

/** The keys of one build's parts (`n` fixed width, so key order is part order). */
const partKey = (build: string, index: number): string =>
  `${PART_PREFIX}${build}/${String(index).padStart(4, '0')}`;

/** The build a part key belongs to, or undefined. */
function buildOfPartKey(key: IDBValidKey): string | undefined {
  if (typeof key !== 'string' || !key.startsWith(PART_PREFIX)) return undefined;
  const end = key.lastIndexOf('/');
  return end > PART_PREFIX.length ? key.slice(PART_PREFIX.length, end) : undefined;
}

function sameKeys(a: readonly IDBValidKey[], b: readonly IDBValidKey[]): boolean {
  return a.length === b.length && a.every((key, index) => key === b[index]);
}

/** Newest first by `updatedAt` (as the sidebar lists them), so the store's sort has little to do. */
function updatedAtOf(row: StoredRow): string {
  const value = row.value as { updatedAt?: unknown } | null;
  return typeof value?.updatedAt === 'string' ? value.updatedAt : '';
}

function newestFirst(a: StoredRow, b: StoredRow): number {
  const at = updatedAtOf(a);
  const bt = updatedAtOf(b);
  if (at !== bt) return at < bt ? 1 : -1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

async function readEveryRow(open: OpenTransaction, pause: () => Promise<void>): Promise<StoredRow[]> {
  const rows: StoredRow[] = [];
  let after: IDBValidKey | undefined;
  for (;;) {
    const tx = await open(['chatSummaries'], 'readonly');
    tx.done.catch(() => {});
    const store = tx.objectStore('chatSummaries');
    const range = after === undefined ? undefined : IDBKeyRange.lowerBound(after, true);
    const [keys, values] = await Promise.all([
      store.getAllKeys(range, PAGE_ROWS),
      store.getAll(range, PAGE_ROWS),
    ]);
    keys.forEach((key, index) => rows.push({ id: String(key), value: values[index] }));
    if (keys.length < PAGE_ROWS) return rows;
    after = keys.at(-1);
    await pause();
  }
}

function partsOf(rows: readonly StoredRow[]): SummaryPackPart[] {
  const build = randomIdGenerator.randomId();
  const of = Math.max(1, Math.ceil(rows.length / PART_ROWS));
  return Array.from({ length: of }, (_, index) => {
    const slice = rows.slice(index * PART_ROWS, (index + 1) * PART_ROWS);
    return {
      format: SUMMARY_PACK_FORMAT,
      build,
      index,
      of,
      ids: slice.map((row) => row.id),
      values: slice.map((row) => row.value),
    };
  });
}

/** Whether these part keys are the whole of one build (its values are checked when read). */
function oneBuild(partKeys: readonly IDBValidKey[]): boolean {
  const build = buildOfPartKey(partKeys[0] ?? '');
  return build !== undefined && partKeys.every((key, index) => key === partKey(build, index));
}

export interface PackPassOptions extends PackSummariesOptions {
  /** The current pack could not be read (the engine found it so): build a new one whatever its state. */
  readonly unreadable?: boolean;
}

export async function packSummaries(
  open: OpenTransaction,
  options: PackPassOptions = {},
): Promise<SummaryPackOutcome> {
  const pause = options.pause ?? noPause;
  const before = await open(['chatSummaries', SUMMARY_PACK_TABLE], 'readonly');
  before.done.catch(() => {});
  const [partKeys, dirtyKeys, count] = await Promise.all([
    before.objectStore(SUMMARY_PACK_TABLE).getAllKeys(partRange()),
    before.objectStore(SUMMARY_PACK_TABLE).getAllKeys(dirtyRange()),
    before.objectStore('chatSummaries').count(),
  ]);
  const whole = oneBuild(partKeys) && !options.unreadable;
  if (whole && dirtyKeys.length <= PACK_MAX_DIRTY) return 'current';
  if (partKeys.length === 0 && count < (options.minRows ?? PACK_MIN_ROWS)) return 'small';

  await pause();
  const rows = await readEveryRow(open, pause);
  rows.sort(newestFirst);
  const parts = partsOf(rows);
  await pause();

  const write = await open([SUMMARY_PACK_TABLE], 'readwrite');
  const store = write.objectStore(SUMMARY_PACK_TABLE);
  const [partKeysNow, dirtyKeysNow] = await Promise.all([
    store.getAllKeys(partRange()),
    store.getAllKeys(dirtyRange()),
  ]);
  if (!sameKeys(partKeys, partKeysNow)) {
    await write.done;
    return 'changed';
  }
  const seen = new Set(dirtyKeys);
  const covered = dirtyKeysNow.filter((key) => seen.has(key));
  const removals: Promise<unknown>[] = [store.delete(partRange())];
  if (covered.length === dirtyKeysNow.length) removals.push(store.delete(dirtyRange()));
  else for (const key of covered) removals.push(store.delete(key));
  await Promise.all(removals);
  // One part per request, each put after the last one's answer: every part's clone is its own task.
  for (const part of parts) await store.put(part, partKey(part.build, part.index));
  await write.done;
  return 'packed';
}
