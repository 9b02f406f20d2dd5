import type { SettingEntry, StoragePort } from '../storage-port';
import type { LostItem, RecoverableKind } from './lost-data';

/** What the app holds for an id: its last change and whether it is a tombstone. */
export interface HeldCopy {
  readonly updatedAt: string;
  readonly deleted: boolean;
}

export async function settingsByKey(store: StoragePort): Promise<Map<string, SettingEntry>> {
  return new Map((await store.settings.entries()).map((entry) => [entry.key, entry]));
}

/** Chats are looked up by their summary (small); a setting reverted to its default (null) counts as absent. */
export async function heldCopy(
  store: StoragePort,
  kind: RecoverableKind,
  id: string,
  settings: ReadonlyMap<string, SettingEntry>,
): Promise<HeldCopy | undefined> {
  if (kind === 'settings') {
    const entry = settings.get(id);
    return entry && entry.value !== null ? { updatedAt: entry.updatedAt, deleted: false } : undefined;
  }
  const record = kind === 'chats' ? await store.chats.getSummary(id) : await store[kind].get(id);
  return record ? { updatedAt: record.updatedAt, deleted: record.deletedAt !== null } : undefined;
}

/** RC1 and RC4: whether the found copy should replace what the app holds. */
export function supersedes(
  found: Pick<LostItem, 'changedAt' | 'mergeRule'>,
  held: HeldCopy | undefined,
): boolean {
  if (!held) return true;
  return found.mergeRule === 'newer' && held.updatedAt < found.changedAt;
}
