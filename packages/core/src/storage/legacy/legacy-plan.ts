import {
  isRawRecord,
  safeParseCharacter,
  safeParseChat,
  safeParseFolder,
  safeParsePlugin,
  safeParsePrompt,
  safeParseSyncedSettings,
  safeParseUserProfile,
  SYNCED_SETTING_KEYS,
} from '../../entities';
import type {
  Character,
  Chat,
  Folder,
  ParseIssue,
  Plugin,
  Prompt,
  SafeParseResult,
  SyncedSettings,
  UserProfile,
} from '../../entities';
import type { ThemeMode } from '../local-settings';
import { LEGACY_KEYS, LEGACY_PROFILE_ID, legacySettingKey } from './legacy-keys';

/** Read access to the old app's localStorage. */
export interface LegacyKeyValueSource {
  getItem(key: string): string | null;
}

/** Everything the legacy migration will write, computed without touching any storage. */
export interface LegacyMigrationPlan {
  readonly chats: Chat[];
  readonly folders: Folder[];
  readonly prompts: Prompt[];
  readonly characters: Character[];
  readonly plugins: Plugin[];
  readonly profiles: UserProfile[];
  /** Settings-area values keyed by setting key (synced settings and themeMode). */
  readonly settings: Record<string, unknown>;
  /** Legacy keys whose content the plan carries; removed after a verified write. */
  readonly consumedKeys: string[];
  readonly issues: ParseIssue[];
}

/** Old values are JSON; a few very old ones are bare strings. */
function decodeLegacyValue(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function readCollection<T>(
  source: LegacyKeyValueSource,
  key: string,
  parse: (input: unknown) => SafeParseResult<T>,
  plan: { consumedKeys: string[]; issues: ParseIssue[] },
): T[] {
  const text = source.getItem(key);
  if (text === null) return [];
  plan.consumedKeys.push(key);
  const value = decodeLegacyValue(text);
  // An object keyed by id is accepted too; the key stands in for a missing id.
  const items = Array.isArray(value)
    ? value
    : isRawRecord(value)
      ? Object.entries(value).map(([id, item]) =>
          isRawRecord(item) && item.id === undefined && item.chatID === undefined ? { ...item, id } : item,
        )
      : [];
  if (!Array.isArray(value) && !isRawRecord(value)) plan.issues.push({ path: key, message: 'not a list' });
  const parsed: T[] = [];
  items.forEach((item, index) => {
    const result = parse(item);
    for (const issue of result.issues)
      plan.issues.push({ path: `${key}.${index}.${issue.path}`, message: issue.message });
    if (result.success) parsed.push(result.data);
  });
  return parsed;
}

/**
 * LM5, LM3, LM4: synced settings from their `TM_use…` keys, upgraded by the synced-settings
 * migration (model renames, custom search key into plugin settings). Only keys the old app had
 * (and what the upgrade moved) are written, so defaults stay defaults.
 */
function readSettings(source: LegacyKeyValueSource, plan: { consumedKeys: string[]; issues: ParseIssue[] }) {
  const raw: Record<string, unknown> = {};
  for (const name of SYNCED_SETTING_KEYS) {
    const text = source.getItem(legacySettingKey(name));
    if (text === null) continue;
    plan.consumedKeys.push(legacySettingKey(name));
    raw[name] = decodeLegacyValue(text);
  }
  const result = safeParseSyncedSettings(raw);
  if (!result.success) return {};
  for (const issue of result.issues)
    plan.issues.push({ path: `settings.${issue.path}`, message: issue.message });
  const written = new Set(Object.keys(raw));
  if (raw.customSearchAPIKey || raw.customSearchEngineID) {
    written.add('userPluginSettings');
    written.delete('customSearchAPIKey');
    written.delete('customSearchEngineID');
  }
  const settings: Record<string, unknown> = {};
  for (const name of written) settings[name] = result.data[name as keyof SyncedSettings];
  return settings;
}

/** LM6: the dark-theme flag becomes a theme mode. */
function readThemeMode(
  source: LegacyKeyValueSource,
  plan: { consumedKeys: string[] },
): ThemeMode | undefined {
  const text = source.getItem(LEGACY_KEYS.darkTheme);
  if (text === null) return undefined;
  plan.consumedKeys.push(LEGACY_KEYS.darkTheme);
  const value = decodeLegacyValue(text);
  return value === true || value === 'true' ? 'dark' : 'light';
}

/** LM7: one current profile from the old picture, information and name. */
function readProfile(
  source: LegacyKeyValueSource,
  now: string,
  plan: { consumedKeys: string[] },
): UserProfile[] {
  const keys = [LEGACY_KEYS.userPicture, LEGACY_KEYS.userInformation, LEGACY_KEYS.userName];
  const [picture, information, name] = keys.map((key) => {
    const text = source.getItem(key);
    if (text === null) return undefined;
    plan.consumedKeys.push(key);
    const value = decodeLegacyValue(text);
    return typeof value === 'string' && value !== '' ? value : undefined;
  });
  if (picture === undefined && information === undefined && name === undefined) return [];
  const result = safeParseUserProfile({
    id: LEGACY_PROFILE_ID,
    name,
    picURL: picture,
    information,
    isCurrent: true,
    createdAt: now,
    updatedAt: now,
  });
  return result.success ? [result.data] : [];
}

/**
 * LM1–LM7 as one pure function: reads the old keys and returns what to write. Entity migrations run
 * inside the parses (LM2 system characters, LM3 model ids, LM4 the Anthropic endpoint).
 */
export function planLegacyMigration(source: LegacyKeyValueSource, now: string): LegacyMigrationPlan {
  const plan = { consumedKeys: [] as string[], issues: [] as ParseIssue[] };
  const chats = readCollection(source, LEGACY_KEYS.chats, safeParseChat, plan);
  const folders = readCollection(source, LEGACY_KEYS.folders, safeParseFolder, plan);
  const prompts = readCollection(source, LEGACY_KEYS.prompts, safeParsePrompt, plan);
  const characters = readCollection(source, LEGACY_KEYS.characters, safeParseCharacter, plan);
  const plugins = readCollection(source, LEGACY_KEYS.plugins, safeParsePlugin, plan);
  const settings: Record<string, unknown> = readSettings(source, plan);
  const themeMode = readThemeMode(source, plan);
  if (themeMode) settings.themeMode = themeMode;
  const profiles = readProfile(source, now, plan);
  return { chats, folders, prompts, characters, plugins, profiles, settings, ...plan };
}
