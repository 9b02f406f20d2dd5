import { isStorageError } from '../storage-error';
import type { RecordRepository, SettingEntry, StoragePort } from '../storage-port';
import type { TimestampedRecord } from '../store-context';
import { heldCopy, settingsByKey, supersedes } from './held-copy';
import type { LostItem, RestoreOutcome } from './lost-data';
import { RECOVERABLE_RECORD_KINDS } from './lost-data';

interface Tally {
  restored: string[];
  skipped: string[];
  failed: { key: string; code: string }[];
}

async function attempt(tally: Tally, keys: readonly string[], write: () => Promise<void>): Promise<void> {
  if (keys.length === 0) return;
  try {
    await write();
    tally.restored.push(...keys);
  } catch (error) {
    const code = isStorageError(error) ? error.code : 'unavailable';
    tally.failed.push(...keys.map((key) => ({ key, code })));
  }
}

/**
 * Whether the item should still be written: the app may have changed since the scan (another tab,
 * an earlier restore). RC7: never over a copy that is as new or newer.
 */
async function stillLost(
  store: StoragePort,
  item: LostItem,
  settings: ReadonlyMap<string, SettingEntry>,
): Promise<boolean> {
  return supersedes(item, await heldCopy(store, item.kind, item.id, settings));
}

/** RC8: records of one kind go in one transaction each (putMany), keeping their own timestamps. */
async function restoreRecords(store: StoragePort, items: readonly LostItem[], tally: Tally) {
  const settings = await settingsByKey(store);
  for (const kind of RECOVERABLE_RECORD_KINDS) {
    const chosen = new Map<string, { key: string; record: TimestampedRecord }>();
    for (const item of items) {
      if (item.kind !== kind || item.payload.type !== 'record') continue;
      const earlier = chosen.get(item.id);
      if (earlier && earlier.record.updatedAt >= item.payload.record.updatedAt) {
        tally.skipped.push(item.key);
        continue;
      }
      if (earlier) tally.skipped.push(earlier.key);
      if (await stillLost(store, item, settings))
        chosen.set(item.id, { key: item.key, record: item.payload.record });
      else tally.skipped.push(item.key);
    }
    const repository = store[kind] as unknown as RecordRepository<TimestampedRecord>;
    const batch = [...chosen.values()];
    await attempt(
      tally,
      batch.map((entry) => entry.key),
      async () =>
        void (await repository.putMany(
          batch.map((entry) => entry.record),
          { touch: false },
        )),
    );
  }
}

async function restoreSettings(store: StoragePort, items: readonly LostItem[], tally: Tally) {
  const settings = await settingsByKey(store);
  const entries: { key: string; entry: SettingEntry }[] = [];
  for (const item of items) {
    if (item.payload.type !== 'setting') continue;
    if (await stillLost(store, item, settings)) entries.push({ key: item.key, entry: item.payload.entry });
    else tally.skipped.push(item.key);
  }
  await attempt(
    tally,
    entries.map((entry) => entry.key),
    () => store.settings.putEntries(entries.map((entry) => entry.entry)),
  );
}

/**
 * How deleted chats come back (RC9): each id given that is still deleted is restored, and where it
 * lives now is returned (`to` is `from` when restored in place); ids left out were not restored.
 */
export type UndeleteChats = (
  chatIds: readonly string[],
) => Promise<readonly { readonly from: string; readonly to: string }[]>;

export interface RestoreLostItemsOptions {
  /**
   * A device that syncs passes the sync client's `restoreDeletedChats`: a deletion the server may
   * hold cannot be undone in place (the next sync deletes the chat again), so the chat comes back
   * under a new id. Without it deletedAt is cleared in place, which is right only for a store
   * that has never synced. (Storage cannot know about sync: the caller brings the rule.)
   */
  readonly undeleteChats?: UndeleteChats;
}

/** RC9 without sync: deletedAt cleared, updatedAt now, so the undelete wins in sync. */
const undeleteInPlace =
  (store: StoragePort): UndeleteChats =>
  async (chatIds) => {
    for (const id of chatIds) await store.chats.update(id, (chat) => ({ ...chat, deletedAt: null }));
    return chatIds.map((id) => ({ from: id, to: id }));
  };

/** RC9: each deleted chat comes back by the caller's rule, one at a time (a failure is its own). */
async function restoreDeletedChats(
  store: StoragePort,
  items: readonly LostItem[],
  tally: Tally,
  undelete: UndeleteChats,
) {
  for (const item of items) {
    if (item.payload.type !== 'undelete') continue;
    const summary = await store.chats.getSummary(item.id);
    if (!summary || summary.deletedAt === null) {
      tally.skipped.push(item.key);
      continue;
    }
    try {
      const back = await undelete([item.id]);
      (back.some((restored) => restored.from === item.id) ? tally.restored : tally.skipped).push(item.key);
    } catch (error) {
      tally.failed.push({ key: item.key, code: isStorageError(error) ? error.code : 'unavailable' });
    }
  }
}

/**
 * Restores found items (RC7–RC9). Merging by id keeps the newer copy: nothing the app holds is
 * overwritten by an older one. Never rejects for a failed write: failures are listed per item.
 */
export async function restoreLostItems(
  store: StoragePort,
  items: readonly LostItem[],
  options: RestoreLostItemsOptions = {},
): Promise<RestoreOutcome> {
  const tally: Tally = { restored: [], skipped: [], failed: [] };
  await restoreRecords(store, items, tally);
  await restoreSettings(store, items, tally);
  await restoreDeletedChats(store, items, tally, options.undeleteChats ?? undeleteInPlace(store));
  return tally;
}
