import { z } from 'zod/mini';
import {
  safeParseSyncedSettings,
  SYNCED_SETTINGS_SCHEMA_VERSION,
  SYNCED_SETTINGS_SECTIONS,
  timestampField,
} from '../entities';
import { compareVersions } from './merge-order';
import { mergeRecord, type SyncRecord } from './merge-record';

/** The synced settings travel in sections, each with its own updatedAt (spec section 3). */
export type SettingsSectionName = keyof typeof SYNCED_SETTINGS_SECTIONS;
export const SETTINGS_SECTION_NAMES = Object.keys(SYNCED_SETTINGS_SECTIONS) as SettingsSectionName[];
export const SettingsSectionNameSchema = z.enum(
  SETTINGS_SECTION_NAMES as [SettingsSectionName, ...SettingsSectionName[]],
);

export interface SettingsSection {
  readonly updatedAt: string;
  /** The section's settings by name (unknown names from newer clients are kept). */
  readonly data: Readonly<Record<string, unknown>>;
}

export type UserSettingsSections = Partial<Record<SettingsSectionName, SettingsSection>>;

/**
 * Parses one section's settings through the synced-settings parser: known settings are repaired or
 * defaulted like any stored setting, unknown ones are kept as they came.
 */
export function parseSettingsSectionData(
  section: SettingsSectionName,
  data: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const parsed = safeParseSyncedSettings({ ...data, schemaVersion: SYNCED_SETTINGS_SCHEMA_VERSION });
  const out: Record<string, unknown> = { ...data };
  delete out.schemaVersion;
  if (!parsed.success) return out;
  for (const key of SYNCED_SETTINGS_SECTIONS[section]) out[key] = parsed.data[key];
  return out;
}

export function settingsSectionSchema(section: SettingsSectionName) {
  return z.pipe(
    z.object({ updatedAt: timestampField, data: z._default(z.record(z.string(), z.unknown()), () => ({})) }),
    z.transform((value): SettingsSection => ({
      updatedAt: value.updatedAt,
      data: parseSettingsSectionData(section, value.data),
    })),
  );
}

export const UserSettingsSectionsSchema = z.pipe(
  z.object(
    Object.fromEntries(
      SETTINGS_SECTION_NAMES.map((name) => [name, z.optional(settingsSectionSchema(name))]),
    ) as Record<SettingsSectionName, z.ZodMiniOptional<ReturnType<typeof settingsSectionSchema>>>,
  ),
  z.transform((sections): UserSettingsSections => {
    const out: UserSettingsSections = {};
    for (const name of SETTINGS_SECTION_NAMES) {
      const section = sections[name];
      if (section) out[name] = section;
    }
    return out;
  }),
);

/** Sections that carry records: their list merges record by record (MG13). */
const RECORD_LISTS: Partial<Record<SettingsSectionName, string>> = {
  profile: 'userProfiles',
  memorySettings: 'memoryEntries',
  mcpServers: 'mcpServers',
};

function isSyncRecord(value: unknown): value is SyncRecord {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return typeof record.id === 'string' && typeof record.updatedAt === 'string';
}

/** The winner's list with the loser's records merged in by id (MG7); null when nothing changes. */
function mergeRecordLists(winner: unknown, loser: unknown): SyncRecord[] | null {
  if (!Array.isArray(loser) || loser.length === 0) return null;
  const kept: unknown[] = Array.isArray(winner) ? winner : [];
  const merged = new Map<string, SyncRecord>();
  const others: unknown[] = [];
  for (const record of kept) {
    if (isSyncRecord(record)) merged.set(record.id, record);
    else others.push(record);
  }
  let changed = !Array.isArray(winner);
  for (const record of loser) {
    if (!isSyncRecord(record)) continue;
    const mine = merged.get(record.id);
    const next = mine ? mergeRecord(mine, record) : record;
    if (next !== mine) {
      merged.set(record.id, next);
      changed = true;
    }
  }
  return changed ? [...(others as SyncRecord[]), ...merged.values()] : null;
}

/**
 * Two versions of one settings section: later updatedAt wins whole, ties by canonical JSON (MG11,
 * MG8), except that the records a section carries (profiles, memory entries) merge one by one
 * (MG13), so two devices that each added one keep both. `name` is the section's name.
 */
export function mergeSettingsSection(
  a: SettingsSection,
  b: SettingsSection,
  name?: SettingsSectionName,
): SettingsSection {
  const winner = compareVersions(a, b) >= 0 ? a : b;
  const listKey = name ? RECORD_LISTS[name] : undefined;
  if (!listKey) return winner;
  const loser = winner === a ? b : a;
  const list = mergeRecordLists(winner.data[listKey], loser.data[listKey]);
  return list ? { updatedAt: winner.updatedAt, data: { ...winner.data, [listKey]: list } } : winner;
}

/** Merges two sets of sections, section by section. */
export function mergeSettingsSections(
  a: UserSettingsSections,
  b: UserSettingsSections,
): UserSettingsSections {
  const out: UserSettingsSections = {};
  for (const name of SETTINGS_SECTION_NAMES) {
    const left = a[name];
    const right = b[name];
    const merged = left && right ? mergeSettingsSection(left, right, name) : (left ?? right);
    if (merged) out[name] = merged;
  }
  return out;
}
