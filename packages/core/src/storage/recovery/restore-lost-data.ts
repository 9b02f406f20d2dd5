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

/** RC9: a deleted chat comes back with deletedAt cleared and updatedAt now, so the undelete wins in sync. */
async function restoreDeletedChats(store: StoragePort, items: readonly LostItem[], tally: Tally) {
  for (const item of items) {
    if (item.payload.type !== 'undelete') continue;
    const summary = await store.chats.getSummary(item.id);
    if (!summary || summary.deletedAt === null) {
      tally.skipped.push(item.key);
      continue;
    }
    await attempt(tally, [item.key], async () => {
      await store.chats.update(item.id, (chat) => ({ ...chat, deletedAt: null }));
    });
  }
}

/**
 * Restores found items (RC7–RC9). Merging by id keeps the newer copy: nothing the app holds is
 * overwritten by an older one. Never rejects for a failed write: failures are listed per item.
 */
export async function restoreLostItems(
  store: StoragePort,
  items: readonly LostItem[],
): Promise<RestoreOutcome> {
  const tally: Tally = { restored: [], skipped: [], failed: [] };
  await restoreRecords(store, items, tally);
  await restoreSettings(store, items, tally);
  await restoreDeletedChats(store, items, tally);
  return tally;
}
