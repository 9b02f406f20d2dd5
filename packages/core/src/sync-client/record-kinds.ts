import type { Character, Folder, Plugin, Prompt } from '../entities';
import type { RecordRepository, StoragePort } from '../storage';
import type { SyncAllData, SyncResponse } from '../sync';

/**
 * Folders, prompts, characters and plugins: whole-record last-writer-wins (MG7), and the names
 * each goes by on the wire (spec section 7).
 */
export type RecordKind = 'folders' | 'prompts' | 'characters' | 'plugins';
export type SyncedRecord = Folder | Prompt | Character | Plugin;

type IdListOf<T> = { [K in keyof T]-?: T[K] extends string[] ? K : never }[keyof T];

export interface RecordKindWire {
  readonly kind: RecordKind;
  readonly requestItems: 'folders' | 'userPrompts' | 'userCharacters' | 'plugins';
  readonly requestDeletedIds: IdListOf<SyncAllData>;
  readonly responseItems: 'updatedFolders' | 'updatedPrompts' | 'updatedCharacters' | 'updatedPlugins';
  readonly responseDeletedIds: IdListOf<SyncResponse>;
  readonly responseChunks?: 'updatedCharactersChunks' | 'updatedPluginsChunks';
}

export const RECORD_KINDS: readonly RecordKindWire[] = [
  {
    kind: 'folders',
    requestItems: 'folders',
    requestDeletedIds: 'deletedFolderIDs',
    responseItems: 'updatedFolders',
    responseDeletedIds: 'deletedFolderIDs',
  },
  {
    kind: 'prompts',
    requestItems: 'userPrompts',
    requestDeletedIds: 'deletedPromptIDs',
    responseItems: 'updatedPrompts',
    responseDeletedIds: 'deletedPromptIDs',
  },
  {
    kind: 'characters',
    requestItems: 'userCharacters',
    requestDeletedIds: 'deletedCharacterIDs',
    responseItems: 'updatedCharacters',
    responseDeletedIds: 'deletedCharacterIDs',
    responseChunks: 'updatedCharactersChunks',
  },
  {
    kind: 'plugins',
    requestItems: 'plugins',
    requestDeletedIds: 'deletedPluginIDs',
    responseItems: 'updatedPlugins',
    responseDeletedIds: 'deletedPluginIDs',
    responseChunks: 'updatedPluginsChunks',
  },
];

/** The store's repository of one kind, typed loosely: sync treats every kind alike. */
export function repositoryOf(store: StoragePort, kind: RecordKind): RecordRepository<SyncedRecord> {
  return store[kind] as unknown as RecordRepository<SyncedRecord>;
}

/** Example chats are seeded on each device and never synced (spec section 4, SC7). */
export const EXAMPLE_CHAT_ID_PREFIX = 'ch-example-';
