import { z } from 'zod';
import {
  safeParseSyncedSettings,
  SYNCED_SETTINGS_SCHEMA_VERSION,
  SYNCED_SETTINGS_SECTIONS,
  timestampField,
} from '../entities';
import { compareVersions } from './merge-order';

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
  return z
    .object({ updatedAt: timestampField, data: z.record(z.string(), z.unknown()).default(() => ({})) })
    .transform((value): SettingsSection => ({
      updatedAt: value.updatedAt,
      data: parseSettingsSectionData(section, value.data),
    }));
}

export const UserSettingsSectionsSchema = z
  .object(
    Object.fromEntries(
      SETTINGS_SECTION_NAMES.map((name) => [name, settingsSectionSchema(name).optional()]),
    ) as Record<SettingsSectionName, z.ZodOptional<ReturnType<typeof settingsSectionSchema>>>,
  )
  .transform((sections): UserSettingsSections => {
    const out: UserSettingsSections = {};
    for (const name of SETTINGS_SECTION_NAMES) {
      const section = sections[name];
      if (section) out[name] = section;
    }
    return out;
  });

/** Two versions of one settings section: later updatedAt wins whole, ties by canonical JSON (MG11, MG8). */
export function mergeSettingsSection(a: SettingsSection, b: SettingsSection): SettingsSection {
  return compareVersions(a, b) >= 0 ? a : b;
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
    const merged = left && right ? mergeSettingsSection(left, right) : (left ?? right);
    if (merged) out[name] = merged;
  }
  return out;
}
