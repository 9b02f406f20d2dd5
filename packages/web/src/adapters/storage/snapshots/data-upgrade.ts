import { parseUpgradeMarker, planStartup, type SnapshotInfo, type UpgradeMarker } from '@parley/core/storage';
import type { Clock } from '@parley/core/platform';
import { systemClock } from '@parley/core/platform';
import { PARLEY_DATABASE_NAME } from '../browser-environment';
import { CURRENT_DATA_FORMAT, type LocalSnapshots } from './local-snapshots';

/** localStorage keys (device-local bookkeeping, never synced). */
export const DATA_FORMAT_KEY = 'parley.dataFormat';
export const UPGRADE_MARKER_KEY = 'parley.dataUpgrade';

export interface DataUpgradeGuard {
  /** After the store opened and startup migrations ran: the upgrade finished (SN2). */
  finish(): void;
  /** SN5: the snapshot put back because the last upgrade never finished. */
  readonly restored: SnapshotInfo | null;
  /** A snapshot or restore that failed (startup goes on: the app must open whatever happens). */
  readonly problem: Error | null;
}

export interface DataUpgradeOptions {
  readonly localStorage: Storage | undefined;
  readonly indexedDB: IDBFactory | undefined;
  readonly snapshots: LocalSnapshots;
  readonly clock?: Clock;
  readonly databaseName?: string;
}

function read(storage: Storage | undefined, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(storage: Storage | undefined, key: string, value: string | null): void {
  try {
    if (value === null) storage?.removeItem(key);
    else storage?.setItem(key, value);
  } catch {
    // Storage blocked: the guard simply does not persist; startup goes on.
  }
}

async function databaseExists(factory: IDBFactory, name: string): Promise<boolean> {
  try {
    const listed = await factory.databases();
    return listed.some((info) => info.name === name);
  } catch {
    // databases() is missing in older browsers: assume there is data (a needless snapshot is harmless).
    return true;
  }
}

const NO_GUARD: DataUpgradeGuard = { finish: () => undefined, restored: null, problem: null };

/**
 * SN2 and SN5, run before the store opens. On the usual start (same format) it reads two
 * localStorage keys and returns; only a format change or an unfinished upgrade touches IndexedDB.
 */
export async function guardDataUpgrade(options: DataUpgradeOptions): Promise<DataUpgradeGuard> {
  const { localStorage, indexedDB, snapshots } = options;
  if (!indexedDB) return NO_GUARD;
  const clock = options.clock ?? systemClock;
  const name = options.databaseName ?? PARLEY_DATABASE_NAME;
  const storedFormat = read(localStorage, DATA_FORMAT_KEY);
  const marker = parseUpgradeMarker(read(localStorage, UPGRADE_MARKER_KEY));
  if (!marker && storedFormat === CURRENT_DATA_FORMAT) return NO_GUARD;
  const hasData = marker ? true : await databaseExists(indexedDB, name);
  const plan = planStartup({ storedFormat, marker, hasData, currentFormat: CURRENT_DATA_FORMAT });

  let restored: SnapshotInfo | null = null;
  let problem: Error | null = null;
  if (plan.kind === 'interrupted') {
    try {
      restored = await snapshots.restore(plan.marker.snapshotId);
      write(localStorage, DATA_FORMAT_KEY, restored.dataFormat);
    } catch (error) {
      problem = error instanceof Error ? error : new Error(String(error));
    }
    write(localStorage, UPGRADE_MARKER_KEY, null);
  }
  const now = read(localStorage, DATA_FORMAT_KEY);
  const next = planStartup({
    storedFormat: now,
    marker: null,
    hasData: hasData || restored !== null,
    currentFormat: CURRENT_DATA_FORMAT,
  });
  if (next.kind !== 'upgrade') {
    write(localStorage, DATA_FORMAT_KEY, CURRENT_DATA_FORMAT);
    return { finish: () => undefined, restored, problem };
  }
  try {
    const snapshot = await snapshots.take('before-upgrade', next.from);
    const running: UpgradeMarker = {
      state: 'running',
      snapshotId: snapshot.id,
      from: next.from,
      to: CURRENT_DATA_FORMAT,
      startedAt: new Date(clock.now()).toISOString(),
    };
    write(localStorage, UPGRADE_MARKER_KEY, JSON.stringify(running));
  } catch (error) {
    // No database to copy (it was deleted meanwhile) or no room: the upgrade goes on unguarded.
    problem ??= error instanceof Error ? error : new Error(String(error));
  }
  return {
    restored,
    problem,
    finish() {
      write(localStorage, DATA_FORMAT_KEY, CURRENT_DATA_FORMAT);
      write(localStorage, UPGRADE_MARKER_KEY, null);
      void snapshots.prune().catch(() => undefined);
    },
  };
}
