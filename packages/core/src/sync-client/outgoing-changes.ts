import type { Chat } from '../entities';
import type { StoragePort } from '../storage';
import type { SyncAllData } from '../sync';
import { folderOfChats, isPending, outgoingChat } from './outgoing-chat';
import {
  EXAMPLE_CHAT_ID_PREFIX,
  RECORD_KINDS,
  repositoryOf,
  type RecordKind,
  type SyncedRecord,
} from './record-kinds';
import { outgoingSections, readLocalSections, type LocalSections } from './settings-sync';
import {
  DELETION_KINDS,
  emptyDeletions,
  listPerKind,
  unionDeletions,
  type DeletionKind,
  type PendingDeletions,
  type SyncState,
} from './sync-state';

/** A version this device sent: marked synced afterwards unless it was edited meanwhile (SC15). */
export interface SentVersion {
  readonly id: string;
  readonly updatedAt: string;
}

export interface OutgoingChanges {
  readonly allData: SyncAllData;
  /** The chats sent, as sent (folder filled in from the mapping). */
  readonly sentChats: readonly Pick<Chat, 'id' | 'updatedAt' | 'folderID'>[];
  /** Local tombstones sent as deleted ids, to mark synced. */
  readonly sentTombstones: Readonly<Record<DeletionKind, SentVersion[]>>;
  readonly sentRecords: Readonly<Record<RecordKind, SentVersion[]>>;
  /** Every id sent as deleted: tombstones, purged records and the persisted pending list. */
  readonly deletions: PendingDeletions;
  readonly localSections: LocalSections;
}

export interface CollectOptions {
  readonly full: boolean;
  readonly state: SyncState;
  readonly attachments: boolean;
  /** Ids changed locally since the last sync, per kind: any that no longer exists was purged (SC5). */
  readonly touched: ReadonlyMap<DeletionKind, ReadonlySet<string>>;
}

/**
 * What this device has to send (SC3-SC10): pending records (all of them on a full re-sync),
 * deletions as ids, and the settings sections changed since they last synced. Example chats are
 * left out (SC7).
 */
export async function collectOutgoing(store: StoragePort, options: CollectOptions): Promise<OutgoingChanges> {
  const { full, attachments, touched } = options;
  const deletions = emptyDeletions();
  const sentTombstones = listPerKind<DeletionKind, SentVersion>(DELETION_KINDS);
  const sentRecords = listPerKind<RecordKind, SentVersion>(RECORD_KINDS.map((wire) => wire.kind));
  const items: Partial<Record<string, unknown[]>> = {};

  const folders = await store.folders.list({ includeDeleted: true });
  for (const wire of RECORD_KINDS) {
    const records: readonly SyncedRecord[] =
      wire.kind === 'folders' ? folders : await repositoryOf(store, wire.kind).list({ includeDeleted: true });
    const present = new Set(records.map((record) => record.id));
    const live: unknown[] = [];
    for (const record of records) {
      if (!full && !isPending(record)) continue;
      if (record.deletedAt !== null) {
        deletions[wire.kind].push(record.id);
        sentTombstones[wire.kind].push(record);
      } else {
        live.push(record);
        sentRecords[wire.kind].push(record);
      }
    }
    for (const id of touched.get(wire.kind) ?? []) if (!present.has(id)) deletions[wire.kind].push(id);
    items[wire.requestItems] = live;
  }

  const summaries = await store.chats.listSummaries({ includeDeleted: true });
  const pendingIds = new Set<string>();
  for (const summary of summaries) {
    if (summary.isExample || (!full && !isPending(summary))) continue;
    if (summary.deletedAt !== null) {
      deletions.chats.push(summary.id);
      sentTombstones.chats.push(summary);
    } else pendingIds.add(summary.id);
  }
  const known = new Set(summaries.map((summary) => summary.id));
  for (const id of touched.get('chats') ?? []) {
    if (!known.has(id) && !id.startsWith(EXAMPLE_CHAT_ID_PREFIX)) deletions.chats.push(id);
  }
  const folderMap = folderOfChats(folders);
  const chats: Chat[] = [];
  for (const chat of await readChats(store, pendingIds, full)) {
    if (chat.isExample || chat.deletedAt !== null) continue;
    chats.push(outgoingChat(chat, folderMap, attachments));
  }

  const allDeletions = unionDeletions(deletions, options.state.pendingDeletions);
  const localSections = await readLocalSections(store);
  const allData: SyncAllData = {
    updateHistory: [],
    chats,
    deletedChatIDs: allDeletions.chats,
    folders: (items.folders ?? []) as SyncAllData['folders'],
    deletedFolderIDs: allDeletions.folders,
    projects: (items.projects ?? []) as SyncAllData['projects'],
    deletedProjectIDs: allDeletions.projects,
    knowledgeDocuments: (items.knowledgeDocuments ?? []) as SyncAllData['knowledgeDocuments'],
    deletedKnowledgeDocumentIDs: allDeletions.knowledgeDocuments,
    userPrompts: (items.userPrompts ?? []) as SyncAllData['userPrompts'],
    deletedPromptIDs: allDeletions.prompts,
    userCharacters: (items.userCharacters ?? []) as SyncAllData['userCharacters'],
    deletedCharacterIDs: allDeletions.characters,
    plugins: (items.plugins ?? []) as SyncAllData['plugins'],
    deletedPluginIDs: allDeletions.plugins,
    userSettings: outgoingSections(localSections, options.state.sectionTimes, full),
  };
  return {
    allData,
    sentChats: chats.map(({ id, updatedAt, folderID }) => ({ id, updatedAt, folderID })),
    sentTombstones,
    sentRecords,
    deletions: allDeletions,
    localSections,
  };
}

/** A full re-sync reads every chat at once; otherwise only the pending ones, one by one. */
async function readChats(store: StoragePort, ids: ReadonlySet<string>, full: boolean): Promise<Chat[]> {
  if (full) return (await store.chats.list()).filter((chat) => ids.has(chat.id));
  const chats: Chat[] = [];
  for (const id of ids) {
    const chat = await store.chats.get(id);
    if (chat) chats.push(chat);
  }
  return chats;
}

export function deletionCount(deletions: PendingDeletions): number {
  return DELETION_KINDS.reduce((sum, kind) => sum + deletions[kind].length, 0);
}
