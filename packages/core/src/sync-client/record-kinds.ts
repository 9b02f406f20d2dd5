import type { Character, Folder, KnowledgeDocumentRecord, Plugin, Project, Prompt } from '../entities';
import type { RecordRepository, StoragePort } from '../storage';
import { SYNC_WIRE_KINDS } from '../sync';

/**
 * Folders, projects, prompts, characters and plugins: whole-record last-writer-wins (MG7), and the names
 * each goes by on the wire (spec section 7).
 */
export type RecordKind = 'folders' | 'projects' | 'knowledgeDocuments' | 'prompts' | 'characters' | 'plugins';
export type SyncedRecord = Folder | Project | KnowledgeDocumentRecord | Prompt | Character | Plugin;

type RecordWire = (typeof SYNC_WIRE_KINDS)[
  'folder' | 'project' | 'knowledgeDocument' | 'prompt' | 'character' | 'plugin'];

/** The names of a record kind on the wire, from the one table in core/sync, by store name. */
export interface RecordKindWire {
  readonly kind: RecordKind;
  readonly requestItems: RecordWire['requestItems'];
  readonly requestDeletedIds: RecordWire['requestDeletedIds'];
  readonly responseItems: RecordWire['responseItems'];
  readonly responseDeletedIds: RecordWire['responseDeletedIds'];
  readonly responseChunks?: 'updatedCharactersChunks' | 'updatedPluginsChunks';
}

export const RECORD_KINDS: readonly RecordKindWire[] = [
  { kind: 'folders', ...SYNC_WIRE_KINDS.folder },
  { kind: 'projects', ...SYNC_WIRE_KINDS.project },
  { kind: 'knowledgeDocuments', ...SYNC_WIRE_KINDS.knowledgeDocument },
  { kind: 'prompts', ...SYNC_WIRE_KINDS.prompt },
  { kind: 'characters', ...SYNC_WIRE_KINDS.character },
  { kind: 'plugins', ...SYNC_WIRE_KINDS.plugin },
];

/** The store's repository of one kind, typed loosely: sync treats every kind alike. */
export function repositoryOf(store: StoragePort, kind: RecordKind): RecordRepository<SyncedRecord> {
  return store[kind] as unknown as RecordRepository<SyncedRecord>;
}

/** Example chats are seeded on each device and never synced (spec section 4, SC7). */
export const EXAMPLE_CHAT_ID_PREFIX = 'ch-example-';
