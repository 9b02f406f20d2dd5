import {
  SYNCED_SETTINGS_SECTIONS,
  syncedSetting,
  type MemoryEntry,
  type SyncedSettingKey,
  type UserProfile,
} from '../entities';
import type { SettingEntry, StoragePort } from '../storage';
import {
  compareVersions,
  mergeRecord,
  SETTINGS_SECTION_NAMES,
  type SettingsSection,
  type SettingsSectionName,
  type UserSettingsSections,
} from '../sync';
import type { OwnWrites } from './own-writes';

/**
 * Settings travel in sections (MG11). A section's time is the latest updatedAt of its settings
 * (the profile section: of the profiles, which live in their own table); a section this device
 * never stored anything in does not exist here, so a fresh device never sends defaults over the
 * user's real settings.
 */
export type LocalSections = Map<SettingsSectionName, SettingsSection>;

const laterOf = (a: string, b: string) => (a >= b ? a : b);

export async function readLocalSections(store: StoragePort): Promise<LocalSections> {
  const entries = new Map<string, SettingEntry>();
  for (const entry of await store.settings.entries()) entries.set(entry.key, entry);
  const profiles = await store.profiles.list({ includeDeleted: true });
  const memory = await store.memory.list({ includeDeleted: true });
  const sections: LocalSections = new Map();
  for (const name of SETTINGS_SECTION_NAMES) {
    if (name === 'profile') {
      if (profiles.length === 0) continue;
      const updatedAt = profiles.map((profile) => profile.updatedAt).reduce(laterOf);
      sections.set(name, { updatedAt, data: { userProfiles: profiles.map(withoutSyncedAt) } });
      continue;
    }
    if (name === 'memorySettings') {
      // SC29: the memory entries (tombstones too) ride in this section beside the switch.
      const switchEntry = entries.get('enableGlobalMemory');
      const times = [
        ...memory.map((entry) => entry.updatedAt),
        ...(switchEntry ? [switchEntry.updatedAt] : []),
      ];
      if (times.length === 0) continue;
      const enabled = switchEntry?.value ?? syncedSetting('enableGlobalMemory').defaultValue();
      sections.set(name, {
        updatedAt: times.reduce(laterOf),
        data: { enableGlobalMemory: enabled, memoryEntries: memory.map(withoutSyncedAt) },
      });
      continue;
    }
    const keys = SYNCED_SETTINGS_SECTIONS[name] as readonly SyncedSettingKey[];
    const stored = keys.flatMap((key) => entries.get(key) ?? []);
    if (stored.length === 0) continue;
    const data: Record<string, unknown> = {};
    for (const key of keys) {
      const value = entries.get(key)?.value;
      data[key] = value === null || value === undefined ? syncedSetting(key).defaultValue() : value;
    }
    sections.set(name, { updatedAt: stored.map((entry) => entry.updatedAt).reduce(laterOf), data });
  }
  return sections;
}

function withoutSyncedAt(record: UserProfile | MemoryEntry): Record<string, unknown> {
  const copy: Record<string, unknown> = { ...record };
  delete copy.syncedAt;
  return copy;
}

/** The sections to send: changed since they were last synced, or all of them on a full re-sync (SC10). */
export function outgoingSections(
  local: LocalSections,
  sectionTimes: Readonly<Record<string, string>>,
  full: boolean,
): UserSettingsSections {
  const out: UserSettingsSections = {};
  for (const [name, section] of local) {
    const syncedAt = sectionTimes[name];
    if (full || syncedAt === undefined || section.updatedAt > syncedAt) out[name] = section;
  }
  return out;
}

/**
 * Applies the sections the server sent: a section newer than this device's replaces its settings,
 * written with the section's own time (MG11). Profiles are merged one by one (MG7) rather than
 * replaced, so no profile is ever dropped. Returns the section times now in sync.
 */
export async function applyIncomingSections(
  store: StoragePort,
  own: OwnWrites,
  remote: UserSettingsSections,
  local: LocalSections,
): Promise<Record<string, string>> {
  const times: Record<string, string> = {};
  const entries: SettingEntry[] = [];
  for (const name of SETTINGS_SECTION_NAMES) {
    const incoming = remote[name];
    if (!incoming) continue;
    // SC29: entries and profiles merge one by one whatever the section's order (the server merges
    // them the same way, MG13), so none is ever dropped.
    if (name === 'memorySettings') await applyMemoryEntries(store, own, incoming.data.memoryEntries);
    if (name === 'profile') await applyProfiles(store, own, incoming.data.userProfiles);
    const mine = local.get(name);
    const order = mine ? compareVersions(mine, incoming) : -1;
    if (order > 0) continue;
    times[name] = incoming.updatedAt;
    if (order === 0 || name === 'profile') continue;
    for (const key of SYNCED_SETTINGS_SECTIONS[name] as readonly SyncedSettingKey[]) {
      if (key === 'memoryEntries') continue;
      entries.push({ key, value: incoming.data[key] ?? null, updatedAt: incoming.updatedAt });
    }
  }
  if (entries.length > 0) {
    await own.run(
      'settings',
      entries.map((entry) => entry.key),
      () => store.settings.putEntries(entries),
    );
  }
  return times;
}

async function applyProfiles(store: StoragePort, own: OwnWrites, incoming: unknown): Promise<void> {
  if (!Array.isArray(incoming) || incoming.length === 0) return;
  const local = new Map((await store.profiles.list({ includeDeleted: true })).map((p) => [p.id, p]));
  const changed: UserProfile[] = [];
  for (const profile of incoming as UserProfile[]) {
    const mine = local.get(profile.id);
    const merged = mine ? mergeRecord(mine, { ...profile, syncedAt: null }) : profile;
    if (merged !== mine) changed.push({ ...merged, syncedAt: merged.updatedAt });
  }
  if (changed.length === 0) return;
  await own.run(
    'profiles',
    changed.map((profile) => profile.id),
    () => store.profiles.putMany(changed),
  );
}

/** SC29: received memory entries merged with the local ones by MG7 (a tombstone wins). */
async function applyMemoryEntries(store: StoragePort, own: OwnWrites, incoming: unknown): Promise<void> {
  if (!Array.isArray(incoming) || incoming.length === 0) return;
  const local = new Map((await store.memory.list({ includeDeleted: true })).map((m) => [m.id, m]));
  const changed: MemoryEntry[] = [];
  for (const entry of incoming as MemoryEntry[]) {
    const mine = local.get(entry.id);
    const merged = mine ? mergeRecord(mine, { ...entry, syncedAt: null }) : entry;
    if (merged !== mine) changed.push({ ...merged, syncedAt: merged.updatedAt });
  }
  if (changed.length === 0) return;
  await own.run(
    'memory',
    changed.map((entry) => entry.id),
    () => store.memory.putMany(changed),
  );
}
