import type { SyncAllData, SyncResponse } from './protocol';

type IdListOf<T> = { [K in keyof T]-?: T[K] extends string[] ? K : never }[keyof T];

/** The kinds of record that sync carries (one row per record on the server). */
export type SyncWireKind =
  'chat' | 'folder' | 'project' | 'knowledgeDocument' | 'prompt' | 'character' | 'plugin' | 'settings';

/** Where one kind travels in a request and in an answer (spec section 7). */
export type WireKindNames = {
  /** Where the request carries the items (settings: sections keyed by name). */
  readonly requestItems: keyof SyncAllData;
  /** Where the request carries deleted ids (settings have no deletions). */
  readonly requestDeletedIds?: IdListOf<SyncAllData>;
  readonly responseItems: keyof SyncResponse;
  readonly responseDeletedIds?: IdListOf<SyncResponse>;
  /** Set for kinds whose answer may come as chunk URLs (PR5). */
  readonly responseChunks?: 'updatedChatsChunks' | 'updatedCharactersChunks' | 'updatedPluginsChunks';
};

/**
 * The one table of wire names, read by the client engine (`sync-client/record-kinds.ts`) and the
 * server (`sync/sync-kinds.ts`): a kind added here is named once for both.
 */
export const SYNC_WIRE_KINDS = {
  chat: {
    requestItems: 'chats',
    requestDeletedIds: 'deletedChatIDs',
    responseItems: 'updatedChats',
    responseDeletedIds: 'deletedChatIDs',
    responseChunks: 'updatedChatsChunks',
  },
  folder: {
    requestItems: 'folders',
    requestDeletedIds: 'deletedFolderIDs',
    responseItems: 'updatedFolders',
    responseDeletedIds: 'deletedFolderIDs',
  },
  // Decision 0104: projects sync as folders do (MG7). Older servers and clients ignore the keys.
  project: {
    requestItems: 'projects',
    requestDeletedIds: 'deletedProjectIDs',
    responseItems: 'updatedProjects',
    responseDeletedIds: 'deletedProjectIDs',
  },
  // Decision 0131: a knowledge document's record (its bytes go as a blob). Older sides ignore the keys.
  knowledgeDocument: {
    requestItems: 'knowledgeDocuments',
    requestDeletedIds: 'deletedKnowledgeDocumentIDs',
    responseItems: 'updatedKnowledgeDocuments',
    responseDeletedIds: 'deletedKnowledgeDocumentIDs',
  },
  prompt: {
    requestItems: 'userPrompts',
    requestDeletedIds: 'deletedPromptIDs',
    responseItems: 'updatedPrompts',
    responseDeletedIds: 'deletedPromptIDs',
  },
  character: {
    requestItems: 'userCharacters',
    requestDeletedIds: 'deletedCharacterIDs',
    responseItems: 'updatedCharacters',
    responseDeletedIds: 'deletedCharacterIDs',
    responseChunks: 'updatedCharactersChunks',
  },
  plugin: {
    requestItems: 'plugins',
    requestDeletedIds: 'deletedPluginIDs',
    responseItems: 'updatedPlugins',
    responseDeletedIds: 'deletedPluginIDs',
    responseChunks: 'updatedPluginsChunks',
  },
  settings: {
    requestItems: 'userSettings',
    responseItems: 'updatedUserSettings',
  },
} as const satisfies Record<SyncWireKind, WireKindNames>;
