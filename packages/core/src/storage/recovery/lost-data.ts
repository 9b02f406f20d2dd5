import type { SettingEntry } from '../storage-port';
import type { TimestampedRecord } from '../store-context';

/**
 * "Recover lost data" (spec section 2): data that exists on this device but that the app does not
 * show. Three places can hold it:
 *  - `legacy`: the old app's whole-collection keys (`TM_useChats`, …) written after the one-time
 *    migration had run, e.g. by a tab of the old version left open;
 *  - `fallback`: per-record `TM_<kind>_<id>` keys of the localStorage fallback, left behind when the
 *    browser later let the app use IndexedDB;
 *  - `deleted`: chats deleted (tombstoned) in the last RECOVERABLE_DELETION_DAYS days.
 */
export type LostDataOrigin = 'legacy' | 'fallback' | 'deleted';

export const RECOVERABLE_RECORD_KINDS = [
  'chats',
  'folders',
  'prompts',
  'characters',
  'plugins',
  'profiles',
  'memory',
] as const;
export type RecoverableRecordKind = (typeof RECOVERABLE_RECORD_KINDS)[number];
export type RecoverableKind = RecoverableRecordKind | 'settings';

/** Deleted chats stay recoverable this long (RC5). */
export const RECOVERABLE_DELETION_DAYS = 30;

/** What restoring an item writes. */
export type LostPayload =
  | { readonly type: 'record'; readonly record: TimestampedRecord }
  | { readonly type: 'setting'; readonly entry: SettingEntry }
  | { readonly type: 'undelete' };

/** One thing that can be restored. */
export interface LostItem {
  /** Unique within a scan: `origin/kind/id`. */
  readonly key: string;
  readonly origin: LostDataOrigin;
  readonly kind: RecoverableKind;
  readonly id: string;
  /** A chat's title, a folder's or prompt's title, a profile's name, a setting's key. */
  readonly title: string;
  /** When the found copy was last changed (deleted chats: when they were deleted). */
  readonly changedAt: string;
  /** Messages in a found chat. */
  readonly messageCount?: number;
  /** What the app shows for this id now: nothing, an older copy, or a deleted one. */
  readonly inApp: 'absent' | 'older' | 'deleted';
  /**
   * How restoring merges with what the app holds: `newer` writes only over an older copy (RC1);
   * `ifAbsent` only where there is none (old profiles and settings carry no real time, RC4).
   */
  readonly mergeRule: 'newer' | 'ifAbsent';
  readonly payload: LostPayload;
}

export interface LostDataScan {
  /** Newest first within each kind; chats first. */
  readonly items: readonly LostItem[];
  readonly scannedAt: string;
  /** Sources that could not be read (the others were still scanned). */
  readonly unreadable: readonly { readonly origin: LostDataOrigin; readonly message: string }[];
}

export interface RestoreOutcome {
  /** Keys of items now in the app. */
  readonly restored: readonly string[];
  /** Keys of items not written because the app meanwhile holds the same or a newer copy (RC7). */
  readonly skipped: readonly string[];
  /** Keys of items whose write failed (e.g. the quota), with the StorageError code. */
  readonly failed: readonly { readonly key: string; readonly code: string }[];
}

export function lostItemKey(origin: LostDataOrigin, kind: RecoverableKind, id: string): string {
  return `${origin}/${kind}/${id}`;
}
