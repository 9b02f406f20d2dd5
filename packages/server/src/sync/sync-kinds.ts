import {
  CHAT_SCHEMA_VERSION,
  parseCharacter,
  parseChat,
  parseFolder,
  parsePlugin,
  parsePrompt,
} from '@parley/core/entities';
import type { Chat } from '@parley/core/entities';
import {
  mergeChat,
  mergeRecord,
  mergeSettingsSection,
  normaliseChat,
  tombstoneOf,
  type SettingsSection,
  type SyncAllData,
  type SyncRecord,
  type SyncResponse,
} from '@parley/core/sync';

/** What one row of sync_records holds, whatever its kind. */
export type SyncItem = {
  readonly id: string;
  readonly updatedAt: string;
  readonly deletedAt?: string | null;
};

export type SyncKind = 'chat' | 'folder' | 'prompt' | 'character' | 'plugin' | 'settings';

type IdListField<T> = { [K in keyof T]: T[K] extends string[] ? K : never }[keyof T];

/** How the server stores, merges and names one kind of record on the wire. */
export type KindRules = {
  kind: SyncKind;
  /** Where the request carries items and deleted ids (settings have no deletions). */
  requestItems: keyof SyncAllData;
  requestDeletedIds?: IdListField<SyncAllData>;
  responseItems: keyof SyncResponse;
  responseDeletedIds?: IdListField<SyncResponse>;
  /** Set for kinds whose answer may come as chunks (PR5). */
  responseChunks?: 'updatedChatsChunks' | 'updatedCharactersChunks' | 'updatedPluginsChunks';
  /** Reads a stored row back (through the entity parser, like any stored data). */
  parseStored(value: unknown, id: string): SyncItem;
  merge(a: SyncItem, b: SyncItem): SyncItem;
  /** The form a record takes on its own (merge results are always in it). */
  normalise(item: SyncItem): SyncItem;
  /** What is stored and sent: the record without one device's bookkeeping (MG10). */
  storable(item: SyncItem): unknown;
  /** A tombstone for a deletion by id: of the stored record, or a bare one. */
  tombstone(existing: SyncItem | undefined, id: string, at: string): SyncItem;
};

const withoutSyncedAt = (item: SyncItem): unknown => ({ ...item, syncedAt: null });

function recordKind(
  kind: SyncKind,
  parse: (value: unknown) => SyncRecord,
  names: Pick<
    KindRules,
    'requestItems' | 'requestDeletedIds' | 'responseItems' | 'responseDeletedIds' | 'responseChunks'
  >,
): KindRules {
  return {
    kind,
    ...names,
    parseStored: (value) => parse(value),
    merge: (a, b) => mergeRecord(a as SyncRecord, b as SyncRecord),
    normalise: (item) => item,
    storable: withoutSyncedAt,
    tombstone: (existing, id, at) =>
      tombstoneOf(existing ? (existing as SyncRecord) : parse({ id, createdAt: at, updatedAt: at }), at),
  };
}

export const chatRules: KindRules = {
  kind: 'chat',
  requestItems: 'chats',
  requestDeletedIds: 'deletedChatIDs',
  responseItems: 'updatedChats',
  responseDeletedIds: 'deletedChatIDs',
  responseChunks: 'updatedChatsChunks',
  // Rows are written from parsed chats: only rows of an older schema version need the parser again.
  parseStored: (value) =>
    (value as { schemaVersion?: unknown }).schemaVersion === CHAT_SCHEMA_VERSION
      ? (value as Chat)
      : parseChat(value),
  merge: (a, b) => mergeChat(a as Chat, b as Chat),
  normalise: (item) => normaliseChat(item as Chat),
  storable: withoutSyncedAt,
  tombstone: (existing, id, at) =>
    normaliseChat(
      tombstoneOf(
        existing ? (existing as Chat) : parseChat({ id, chatID: id, createdAt: at, updatedAt: at }),
        at,
      ),
    ),
};

/** Settings sections: one row per section, id = section name, stored as `{ updatedAt, data }` (MG11). */
export const settingsRules: KindRules = {
  kind: 'settings',
  requestItems: 'userSettings',
  responseItems: 'updatedUserSettings',
  parseStored: (value, id) => ({ ...(value as SettingsSection), id }),
  merge: (a, b) => {
    const winner = mergeSettingsSection(a as unknown as SettingsSection, b as unknown as SettingsSection);
    return winner === (a as unknown) ? a : b;
  },
  normalise: (item) => item,
  storable: (item) => {
    const section = item as unknown as SettingsSection;
    return { updatedAt: section.updatedAt, data: section.data };
  },
  tombstone: () => {
    throw new Error('settings sections are never deleted');
  },
};

export const KIND_RULES: readonly KindRules[] = [
  chatRules,
  recordKind('folder', parseFolder, {
    requestItems: 'folders',
    requestDeletedIds: 'deletedFolderIDs',
    responseItems: 'updatedFolders',
    responseDeletedIds: 'deletedFolderIDs',
  }),
  recordKind('prompt', parsePrompt, {
    requestItems: 'userPrompts',
    requestDeletedIds: 'deletedPromptIDs',
    responseItems: 'updatedPrompts',
    responseDeletedIds: 'deletedPromptIDs',
  }),
  recordKind('character', parseCharacter, {
    requestItems: 'userCharacters',
    requestDeletedIds: 'deletedCharacterIDs',
    responseItems: 'updatedCharacters',
    responseDeletedIds: 'deletedCharacterIDs',
    responseChunks: 'updatedCharactersChunks',
  }),
  recordKind('plugin', parsePlugin, {
    requestItems: 'plugins',
    requestDeletedIds: 'deletedPluginIDs',
    responseItems: 'updatedPlugins',
    responseDeletedIds: 'deletedPluginIDs',
    responseChunks: 'updatedPluginsChunks',
  }),
  settingsRules,
];

export function rulesOf(kind: string): KindRules | undefined {
  return KIND_RULES.find((rules) => rules.kind === kind);
}

/** The items of one kind in a request, settings sections turned into items keyed by section name. */
export function requestItemsOf(rules: KindRules, allData: SyncAllData): SyncItem[] {
  if (rules.kind === 'settings') {
    return Object.entries(allData.userSettings).map(([id, section]) => ({ ...section, id }));
  }
  const items = allData[rules.requestItems] as SyncItem[];
  // Example chats are seeded on each device and never synced (spec section 4).
  return rules.kind === 'chat' ? items.filter((item) => !(item as Chat).isExample) : items;
}
