import {
  CHAT_SCHEMA_VERSION,
  parseCharacter,
  parseChat,
  parseFolder,
  parseKnowledgeDocument,
  withoutKnowledgeFile,
  parsePlugin,
  parsePrompt,
  parseProject,
} from '@parley/core/entities';
import type { Chat } from '@parley/core/entities';
import {
  mergeChat,
  mergeRecord,
  mergeSettingsSection,
  normaliseChat,
  SettingsSectionNameSchema,
  SYNC_WIRE_KINDS,
  tombstoneOf,
  type SettingsSection,
  type SyncAllData,
  type SyncRecord,
  type SyncWireKind,
  type WireKindNames,
} from '@parley/core/sync';

/** What one row of sync_records holds, whatever its kind. */
export type SyncItem = {
  readonly id: string;
  readonly updatedAt: string;
  readonly deletedAt?: string | null;
};

export type SyncKind = SyncWireKind;

/** How the server stores and merges one kind of record; its wire names come from core's table. */
export type KindRules = WireKindNames & {
  kind: SyncKind;
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
  kind: 'folder' | 'project' | 'knowledgeDocument' | 'prompt' | 'character' | 'plugin',
  parse: (value: unknown) => SyncRecord,
): KindRules {
  return {
    kind,
    ...SYNC_WIRE_KINDS[kind],
    parseStored: (value) => parse(value),
    merge: (a, b) => mergeRecord(a as SyncRecord, b as SyncRecord),
    normalise: (item) => item,
    storable: withoutSyncedAt,
    tombstone: (existing, id, at) =>
      tombstoneOf(existing ? (existing as SyncRecord) : parse({ id, createdAt: at, updatedAt: at }), at),
  };
}

/**
 * SY21: knowledge documents are records like folders, but a tombstone keeps no reference to the
 * document's bytes, so the blob sweep (SY15) gives them back once nothing else names them.
 */
function knowledgeDocumentRules(): KindRules {
  const rules = recordKind('knowledgeDocument', parseKnowledgeDocument);
  const stripped = (item: SyncItem) => withoutKnowledgeFile(item as SyncRecord & { file: string | null });
  return {
    ...rules,
    normalise: stripped,
    storable: (item) => withoutSyncedAt(stripped(item)),
    tombstone: (existing, id, at) => stripped(rules.tombstone(existing, id, at)),
  };
}

export const chatRules: KindRules = {
  kind: 'chat',
  ...SYNC_WIRE_KINDS.chat,
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
  ...SYNC_WIRE_KINDS.settings,
  parseStored: (value, id) => ({ ...(value as SettingsSection), id }),
  merge: (a, b) => {
    const name = SettingsSectionNameSchema.safeParse(a.id);
    const merged = mergeSettingsSection(
      a as unknown as SettingsSection,
      b as unknown as SettingsSection,
      name.success ? name.data : undefined,
    );
    if (merged === (a as unknown)) return a;
    if (merged === (b as unknown)) return b;
    return { ...(merged as unknown as typeof a), id: a.id };
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
  recordKind('folder', parseFolder),
  recordKind('project', parseProject),
  knowledgeDocumentRules(),
  recordKind('prompt', parsePrompt),
  recordKind('character', parseCharacter),
  recordKind('plugin', parsePlugin),
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
