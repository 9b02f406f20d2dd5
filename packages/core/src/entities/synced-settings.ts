import { z } from 'zod/mini';
import { CustomModelSchema, reasoningEfforts, verbosityLevels } from '../models';
import { DEFAULT_SYSTEM_MESSAGE, NEW_CHAT_MODEL_ID } from './defaults';
import { defineEntity, isRawRecord, parseEachElement, schemaVersionField, zodElement } from './entity-parser';
import type { RawRecord, SafeParseResult } from './entity-parser';
import { currentModelIdOf, currentModelInfo } from './retired-values';
import type { SettingDefinition } from './setting-definition';
import { McpServerSchema, safeParseMcpServer } from './mcp-server';
import { MemoryEntrySchema, safeParseMemoryEntry } from './memory-entry';
import { UserProfileSchema, safeParseUserProfile } from './user-profile';

/**
 * Settings that follow the user across devices (spec section 3, defaults from section 9). Stored one
 * key per field in the settings area, so changing the font size writes one small record. Profiles
 * live in their own table; `userProfiles` is only filled when the sync payload is assembled.
 */
export const SYNCED_SETTINGS_SCHEMA_VERSION = 2;

/** Keyboard shortcut letters (spec section 2), pressed with the platform's command modifier. */
export const DEFAULT_KEYBOARD_SHORTCUTS: Readonly<Record<string, string>> = {
  search: 'K',
  toggleSidebar: 'B',
  newChat: 'N',
  resetChat: 'R',
  regenerate: 'E',
  shareChat: 'S',
  clearContext: 'J',
  togglePlugins: 'P',
  copyLastMessage: 'C',
};

export const WEB_SEARCH_PLUGIN_ID = 'get_web_search_results';

const nullableNumber = z._default(z.nullable(z.number()), null);
const stringList = z._default(z.array(z.string()), () => []);
const looseMap = z._default(z.record(z.string(), z.unknown()), () => ({}));

const syncedSettingsShape = {
  schemaVersion: schemaVersionField,
  fontSize: z._default(z.enum(['small', 'medium', 'large']), 'small'),
  /** Chat action buttons not pinned to the toolbar; Reset Chat is unpinned by default (spec section 2). */
  hiddenButtons: z._default(z.array(z.string()), () => ['resetChat']),
  /** Show text labels on the chat action buttons. */
  actionButtonsLabel: z._default(z.boolean(), true),
  userProfiles: z._default(z.array(UserProfileSchema), () => []),
  streaming: z._default(z.boolean(), true),
  automaticTitle: z._default(z.boolean(), true),
  suggestKeywords: z._default(z.boolean(), true),
  searchEngine: z._default(z.string(), 'google'),
  /** The interface's language (a locale file's name, e.g. 'de'); null follows the browser (decision 0085). */
  language: z._default(z.nullable(z.string().check(z.minLength(1), z.maxLength(35))), null),
  defaultModel: z._default(z.string(), NEW_CHAT_MODEL_ID),
  defaultSystemMessage: z._default(z.string(), DEFAULT_SYSTEM_MESSAGE),
  /** Null: the provider's own default. */
  defaultTemperature: nullableNumber,
  defaultPresencePenalty: nullableNumber,
  defaultFrequencyPenalty: nullableNumber,
  defaultTopP: nullableNumber,
  defaultTopK: nullableNumber,
  defaultMaxTokens: nullableNumber,
  /** How many recent messages are sent as context; null sends them all. */
  defaultContextLimit: nullableNumber,
  /** Reasoning defaults (RC2, RC3; null: the provider's own). Added with no version step: absent reads null. */
  defaultReasoningEffort: z._default(z.nullable(z.enum(reasoningEfforts)), null),
  defaultThinkingBudget: z._default(
    z.nullable(z.number().check(z.int(), z.gte(0)).check(z.lte(1_000_000))),
    null,
  ),
  defaultVerbosity: z._default(z.nullable(z.enum(verbosityLevels)), null),
  modelIDsOrder: stringList,
  hiddenModelIDs: stringList,
  keyboardShortcuts: z._default(z.record(z.string(), z.string()), () => ({ ...DEFAULT_KEYBOARD_SHORTCUTS })),
  customModels: z._default(z.array(CustomModelSchema), () => []),
  latestSeenUpdate: z._default(z.nullable(z.string()), null),
  /** Retired: moved into userPluginSettings of the web search plugin; kept so old peers still parse. */
  customSearchEngineID: z._default(z.string(), ''),
  /** Retired, see customSearchEngineID. */
  customSearchAPIKey: z._default(z.string(), ''),
  /** Per plugin id, the user's values for that plugin's user settings. */
  userPluginSettings: z._default(z.record(z.string(), z.record(z.string(), z.unknown())), () => ({})),
  characterSettings: looseMap,
  promptSettings: looseMap,
  enableGlobalMemory: z._default(z.boolean(), false),
  /** Memory entries live in their own table; like userProfiles, only filled in the sync payload. */
  memoryEntries: z._default(z.array(MemoryEntrySchema), () => []),
  extensionURLs: stringList,
  /** Remote MCP servers (records merged one by one like profiles); secrets stay in the key vault. */
  mcpServers: z._default(z.array(McpServerSchema), () => []),
};

export const SyncedSettingsSchema = z.object(syncedSettingsShape);
export type SyncedSettings = z.infer<typeof SyncedSettingsSchema>;
export type SyncedSettingKey = Exclude<keyof SyncedSettings, 'schemaVersion'>;

/** The sync sections and the settings each carries (spec section 3). */
export const SYNCED_SETTINGS_SECTIONS = {
  preferences: [
    'fontSize',
    'hiddenButtons',
    'actionButtonsLabel',
    'streaming',
    'automaticTitle',
    'suggestKeywords',
    'searchEngine',
    'language',
    'extensionURLs',
  ],
  profile: ['userProfiles'],
  modelSettings: [
    'defaultModel',
    'defaultSystemMessage',
    'defaultTemperature',
    'defaultPresencePenalty',
    'defaultFrequencyPenalty',
    'defaultTopP',
    'defaultTopK',
    'defaultMaxTokens',
    'defaultContextLimit',
    'defaultReasoningEffort',
    'defaultThinkingBudget',
    'defaultVerbosity',
    'modelIDsOrder',
    'hiddenModelIDs',
  ],
  keyboardShortcuts: ['keyboardShortcuts'],
  customModels: ['customModels'],
  latestSeenUpdate: ['latestSeenUpdate'],
  pluginSettings: ['userPluginSettings', 'customSearchEngineID', 'customSearchAPIKey'],
  characters: ['characterSettings'],
  prompts: ['promptSettings'],
  memorySettings: ['enableGlobalMemory', 'memoryEntries'],
  mcpServers: ['mcpServers'],
} as const satisfies Record<string, readonly SyncedSettingKey[]>;

/**
 * Moves the retired custom search key and engine id into the web search plugin's settings
 * (searchEngineAPIKey, searchEngineID). Values already set on the plugin win; idempotent.
 */
export function moveCustomSearchToPluginSettings(raw: RawRecord): RawRecord {
  const apiKey = typeof raw.customSearchAPIKey === 'string' ? raw.customSearchAPIKey : '';
  const engineId = typeof raw.customSearchEngineID === 'string' ? raw.customSearchEngineID : '';
  if (!apiKey && !engineId) return raw;
  const all = isRawRecord(raw.userPluginSettings) ? raw.userPluginSettings : {};
  const current = isRawRecord(all[WEB_SEARCH_PLUGIN_ID]) ? all[WEB_SEARCH_PLUGIN_ID] : {};
  const moved: RawRecord = { ...current };
  if (apiKey && !moved.searchEngineAPIKey) moved.searchEngineAPIKey = apiKey;
  if (engineId && !moved.searchEngineID) moved.searchEngineID = engineId;
  return {
    ...raw,
    userPluginSettings: { ...all, [WEB_SEARCH_PLUGIN_ID]: moved },
    customSearchAPIKey: '',
    customSearchEngineID: '',
  };
}

function renameModelIdList(value: unknown): unknown {
  return Array.isArray(value) ? [...new Set(value.map(currentModelIdOf))] : value;
}

function upgradeCustomModel(value: unknown): unknown {
  if (!isRawRecord(value)) return value;
  const upgraded = currentModelInfo(value) as RawRecord;
  return upgraded.modelID === undefined && typeof upgraded.id === 'string'
    ? { ...upgraded, modelID: upgraded.id }
    : upgraded;
}

export const syncedSettingsEntity = defineEntity({
  name: 'synced settings',
  version: SYNCED_SETTINGS_SCHEMA_VERSION,
  shape: syncedSettingsShape,
  keepUnknownFields: true,
  migrations: [
    {
      toVersion: 2,
      description: 'rename retired model ids and endpoints; move the custom search key into plugin settings',
      up: (raw) =>
        moveCustomSearchToPluginSettings({
          ...raw,
          defaultModel: currentModelIdOf(raw.defaultModel),
          modelIDsOrder: renameModelIdList(raw.modelIDsOrder),
          hiddenModelIDs: renameModelIdList(raw.hiddenModelIDs),
          customModels: Array.isArray(raw.customModels)
            ? raw.customModels.map(upgradeCustomModel)
            : raw.customModels,
        }),
    },
  ],
  fieldParsers: {
    userProfiles: (value, ctx) => parseEachElement(value, 'userProfiles', ctx, safeParseUserProfile),
    memoryEntries: (value, ctx) => parseEachElement(value, 'memoryEntries', ctx, safeParseMemoryEntry),
    customModels: (value, ctx) => parseEachElement(value, 'customModels', ctx, zodElement(CustomModelSchema)),
    mcpServers: (value, ctx) => parseEachElement(value, 'mcpServers', ctx, safeParseMcpServer),
  },
  // Shortcuts added in later versions get their default letter even when older ones were customised.
  finish: (settings) => ({
    ...settings,
    keyboardShortcuts: { ...DEFAULT_KEYBOARD_SHORTCUTS, ...settings.keyboardShortcuts },
  }),
});

export const parseSyncedSettings = syncedSettingsEntity.parse;
export const safeParseSyncedSettings = syncedSettingsEntity.safeParse;
export const defaultSyncedSettings = (): SyncedSettings => parseSyncedSettings({});

/** The settings-area definition of one synced setting: stored under its own field name. */
export function syncedSetting<K extends SyncedSettingKey>(key: K): SettingDefinition<SyncedSettings[K]> {
  return {
    key,
    defaultValue: () => defaultSyncedSettings()[key],
    safeParse(raw): SafeParseResult<SyncedSettings[K]> {
      const result = safeParseSyncedSettings({ schemaVersion: SYNCED_SETTINGS_SCHEMA_VERSION, [key]: raw });
      // Tolerant like every parse: a partly bad value keeps its good parts and reports the rest.
      return result.success ? { success: true, data: result.data[key], issues: result.issues } : result;
    },
  };
}

/** Synced settings kept in their own tables (profiles, memory), only carried by the sync payload. */
const TABLE_BACKED_KEYS: ReadonlySet<string> = new Set(['userProfiles', 'memoryEntries']);

/** Every synced setting stored in the settings area (all but the table-backed lists). */
export const SYNCED_SETTING_KEYS = (Object.keys(syncedSettingsShape) as (keyof SyncedSettings)[]).filter(
  (key): key is SyncedSettingKey => key !== 'schemaVersion' && !TABLE_BACKED_KEYS.has(key),
);
