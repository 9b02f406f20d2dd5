import type { StorageTable } from '@parley/core/storage';

/**
 * The localStorage fallback keeps one key per record: `TM_<kind>_<id>`, e.g. `TM_chat_ch-abc`,
 * `TM_chatSummary_ch-abc`, `TM_message_5:ch-abc/msg-1`, `TM_settings_fontSize`. The old app's whole-collection keys
 * (`TM_useChats`, …) use a different shape and are only read by the legacy migration.
 */
const KEY_KINDS: Record<StorageTable, string> = {
  chats: 'chat',
  chatSummaries: 'chatSummary',
  messages: 'message',
  folders: 'folder',
  projects: 'project',
  knowledgeDocuments: 'knowledgeDocument',
  prompts: 'prompt',
  characters: 'character',
  plugins: 'plugin',
  profiles: 'profile',
  memory: 'memory',
  usage: 'usage',
  attachments: 'attachment',
  settings: 'settings',
};

export function recordKeyPrefix(table: StorageTable): string {
  return `TM_${KEY_KINDS[table]}_`;
}

export function recordKey(table: StorageTable, id: string): string {
  return `${recordKeyPrefix(table)}${id}`;
}

/** The table and id a record key names; undefined for keys that are not records of this store. */
export function parseRecordKey(key: string): { table: StorageTable; id: string } | undefined {
  for (const [table, kind] of Object.entries(KEY_KINDS) as [StorageTable, string][]) {
    const prefix = `TM_${kind}_`;
    if (key.startsWith(prefix)) return { table, id: key.slice(prefix.length) };
  }
  return undefined;
}

/** Whether any record of the localStorage fallback is stored here (a cheap scan of the key names). */
export function hasLocalStorageRecords(storage: Pick<Storage, 'length' | 'key'>): boolean {
  try {
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i);
      if (key !== null && parseRecordKey(key)) return true;
    }
  } catch {
    // Reading can throw where storage is blocked: then there is nothing to find.
  }
  return false;
}
