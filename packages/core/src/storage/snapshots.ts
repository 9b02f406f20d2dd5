import {
  ATTACHMENT_SCHEMA_VERSION,
  CHARACTER_SCHEMA_VERSION,
  CHAT_SCHEMA_VERSION,
  CHAT_SUMMARY_SCHEMA_VERSION,
  FOLDER_SCHEMA_VERSION,
  MEMORY_ENTRY_SCHEMA_VERSION,
  MESSAGE_SCHEMA_VERSION,
  PLUGIN_SCHEMA_VERSION,
  PROMPT_SCHEMA_VERSION,
  SYNCED_SETTINGS_SCHEMA_VERSION,
  USAGE_RECORD_SCHEMA_VERSION,
  USER_PROFILE_SCHEMA_VERSION,
} from '../entities';

/**
 * Automatic local snapshots (storage SPEC, SN rules): copies of everything stored on this device,
 * kept apart from the live data, taken daily and before the data is upgraded to a new format, and
 * restorable from Settings → Data. These are the pure rules; the browser adapter does the I/O.
 */

export type SnapshotReason = 'daily' | 'before-upgrade' | 'before-restore' | 'manual';

export interface SnapshotInfo {
  readonly id: string;
  /** ISO time the copy was taken. */
  readonly takenAt: string;
  readonly reason: SnapshotReason;
  /** The data format (SN1) of the data it holds. */
  readonly dataFormat: string;
  /** Compressed size in bytes. */
  readonly bytes: number;
  /** Records per table (tombstones included). */
  readonly counts: Readonly<Record<string, number>>;
}

/** SN4: how many snapshots are kept. */
export const SNAPSHOTS_KEPT = 7;
/** SN3: a daily snapshot is due when the newest is this old. */
export const DAILY_SNAPSHOT_AFTER_MS = 24 * 60 * 60 * 1000;

/**
 * SN1: the format of stored data, from the database layout version and every entity's schema
 * version. A release that changes any of them upgrades the data, which SN2 guards.
 */
export function dataFormatOf(databaseVersion: number): string {
  const versions = {
    db: databaseVersion,
    chat: CHAT_SCHEMA_VERSION,
    message: MESSAGE_SCHEMA_VERSION,
    summary: CHAT_SUMMARY_SCHEMA_VERSION,
    folder: FOLDER_SCHEMA_VERSION,
    prompt: PROMPT_SCHEMA_VERSION,
    character: CHARACTER_SCHEMA_VERSION,
    plugin: PLUGIN_SCHEMA_VERSION,
    profile: USER_PROFILE_SCHEMA_VERSION,
    memory: MEMORY_ENTRY_SCHEMA_VERSION,
    usage: USAGE_RECORD_SCHEMA_VERSION,
    attachment: ATTACHMENT_SCHEMA_VERSION,
    settings: SYNCED_SETTINGS_SCHEMA_VERSION,
  };
  return Object.entries(versions)
    .map(([name, version]) => `${name}${String(version)}`)
    .join('.');
}

/** Left by an upgrade while it runs; found at the next start, it means the upgrade never finished. */
export interface UpgradeMarker {
  readonly state: 'running';
  readonly snapshotId: string;
  readonly from: string;
  readonly to: string;
  readonly startedAt: string;
}

export type StartupPlan =
  /** Nothing stored yet, or the data is already in this format: record the format, go on. */
  | { readonly kind: 'ready' }
  /** SN2: take a `before-upgrade` snapshot, leave a marker, open (upgrading), then clear the marker. */
  | { readonly kind: 'upgrade'; readonly from: string }
  /** SN5: the last upgrade never finished: restore its snapshot before anything opens the data. */
  | { readonly kind: 'interrupted'; readonly marker: UpgradeMarker };

export interface StartupFacts {
  /** The format recorded after the last successful start; null when none was recorded. */
  readonly storedFormat: string | null;
  readonly marker: UpgradeMarker | null;
  /** Whether this device already holds app data (the database exists). */
  readonly hasData: boolean;
  readonly currentFormat: string;
}

/** SN2, SN5: what startup does before the store opens. */
export function planStartup(facts: StartupFacts): StartupPlan {
  if (facts.marker) return { kind: 'interrupted', marker: facts.marker };
  if (!facts.hasData || facts.storedFormat === facts.currentFormat) return { kind: 'ready' };
  return { kind: 'upgrade', from: facts.storedFormat ?? 'unrecorded' };
}

/** Reads a stored marker; anything malformed is no marker (a bad value must not block startup). */
export function parseUpgradeMarker(text: string | null): UpgradeMarker | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<UpgradeMarker> | null;
    if (value?.state !== 'running' || typeof value.snapshotId !== 'string') return null;
    return {
      state: 'running',
      snapshotId: value.snapshotId,
      from: String(value.from ?? ''),
      to: String(value.to ?? ''),
      startedAt: String(value.startedAt ?? ''),
    };
  } catch {
    return null;
  }
}

function newestFirst(snapshots: readonly SnapshotInfo[]): SnapshotInfo[] {
  return [...snapshots].sort((a, b) => b.takenAt.localeCompare(a.takenAt) || b.id.localeCompare(a.id));
}

/** SN3: a daily snapshot is due when there is none, or the newest is a day old (or from the future). */
export function isDailySnapshotDue(snapshots: readonly SnapshotInfo[], nowMs: number): boolean {
  const newest = newestFirst(snapshots)[0];
  if (!newest) return true;
  const age = nowMs - Date.parse(newest.takenAt);
  return !(age >= 0 && age < DAILY_SNAPSHOT_AFTER_MS);
}

/**
 * SN4: the ids to delete so that the newest SNAPSHOTS_KEPT remain, and the newest `before-upgrade`
 * snapshot always stays (it is the way back from the last format change), even when older.
 */
export function snapshotsToPrune(snapshots: readonly SnapshotInfo[], kept = SNAPSHOTS_KEPT): string[] {
  const ordered = newestFirst(snapshots);
  const guard = ordered.find((snapshot) => snapshot.reason === 'before-upgrade');
  const keep = new Set(ordered.slice(0, kept).map((snapshot) => snapshot.id));
  if (guard && !keep.has(guard.id)) {
    const last = ordered.slice(0, kept).at(-1);
    if (last) keep.delete(last.id);
    keep.add(guard.id);
  }
  return ordered.filter((snapshot) => !keep.has(snapshot.id)).map((snapshot) => snapshot.id);
}

/** SN6: the newest snapshot first, as Settings lists them. */
export function listSnapshotsNewestFirst(snapshots: readonly SnapshotInfo[]): SnapshotInfo[] {
  return newestFirst(snapshots);
}
