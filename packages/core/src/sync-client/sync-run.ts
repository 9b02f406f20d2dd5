import type { Chat } from '../entities';
import type { IdGenerator } from '../platform';
import type { StoragePort } from '../storage';
import { ChatChunkSchema, CharacterChunkSchema, PluginChunkSchema, type SyncResponse } from '../sync';
import {
  applyIncomingChats,
  applyIncomingRecords,
  applyRemoteChatDeletions,
  type ApplyContext,
} from './incoming-changes';
import { blobIdsOfChats, blobIdsOfKnowledgeDocuments, uploadBlobs } from './blob-sync';
import { markSent } from './mark-sent';
import { collectOutgoing } from './outgoing-changes';
import type { OwnWrites } from './own-writes';
import type { RecordMove } from './chat-moves';
import type { SyncTransport } from './ports';
import { moveRestoredRecordsToNewIds } from './restore-deleted';
import { RECORD_KINDS, type RecordKind, type SyncedRecord } from './record-kinds';
import { applyIncomingSections } from './settings-sync';
import { exchangeSync, fetchChunk, fetchMaxSyncPayloadSize } from './sync-exchange';
import { SyncFailureError } from './sync-failure';
import {
  emptyDeletions,
  readSyncState,
  unionDeletions,
  updateSyncState,
  writeSyncState,
  type DeletionKind,
  type SyncState,
} from './sync-state';

export interface SyncRunDeps {
  readonly store: StoragePort;
  readonly transport: SyncTransport;
  readonly own: OwnWrites;
  readonly attachments: boolean;
  /** New ids for records restored while their deletion was on the way (SC24). */
  readonly ids: IdGenerator;
}

export interface SyncRunOptions {
  /** Full re-sync: from the epoch, everything sent (SC4). */
  readonly full: boolean;
  readonly touched: ReadonlyMap<DeletionKind, ReadonlySet<string>>;
}

/** The ids of local records a sync wrote (what other views of them should re-read). */
export type RemoteChanges = {
  readonly chats: string[];
  readonly settings: boolean;
  /** Chats this sync moved to a new id (SC24): views and writers of `from` follow to `to` (SC26). */
  readonly movedChats: readonly RecordMove[];
  /** Folders this sync moved to a new id (SC24). */
  readonly movedFolders: readonly RecordMove[];
} & Readonly<Record<RecordKind, string[]>>;

/**
 * One sync: collect what is pending, send it (through the buffer when large), then mark what was
 * sent and merge in what came back, chunks included. The pending deletion list is cleared before
 * the request and restored if anything fails (SC6); lastSyncAt only moves on success (SC18).
 */
export async function runSync(
  deps: SyncRunDeps,
  options: SyncRunOptions,
): Promise<{ state: SyncState; changes: RemoteChanges }> {
  const { store, transport, own } = deps;
  const state = await readSyncState(store);
  // A failed sync's deletions go out again; any of those records restored since moves to a new id.
  const movedBefore = await moveRestoredRecordsToNewIds(deps, state.pendingDeletions);
  const outgoing = await collectOutgoing(store, { ...options, state, attachments: deps.attachments });
  await writeSyncState(store, { ...state, pendingDeletions: emptyDeletions() });
  try {
    // SC30: the pictures go up before the chats that name them; SC37: a knowledge document's
    // bytes before its record, whether attachment sync is on or not (decision 0131).
    const blobIds = [
      ...(deps.attachments ? blobIdsOfChats(outgoing.allData.chats) : []),
      ...blobIdsOfKnowledgeDocuments(outgoing.allData.knowledgeDocuments),
    ];
    if (blobIds.length > 0) await uploadBlobs(transport, store, blobIds);
    const maxSize = state.maxSyncPayloadSize ?? (await fetchMaxSyncPayloadSize(transport));
    const lastSyncAt = options.full ? null : state.lastSyncAt;
    const response = await exchangeSync(transport, { allData: outgoing.allData, lastSyncAt }, maxSize);
    const ctx: ApplyContext = {
      store,
      own,
      attachments: deps.attachments,
      at: response.lastSyncAt,
      mode: 'sync',
    };
    const marked = await markSent(store, own, outgoing);
    const movedAfter = await moveRestoredRecordsToNewIds(deps, {
      chats: outgoing.sentTombstones.chats.map((tombstone) => tombstone.id),
      folders: outgoing.sentTombstones.folders.map((tombstone) => tombstone.id),
    });
    const changes = await applyResponse(ctx, transport, response);
    const movedChats = [...movedBefore.chats, ...movedAfter.chats];
    const movedFolders = [...movedBefore.folders, ...movedAfter.folders];
    // Open views of a chat that moved to a new id re-read it (and find where it went, SC26).
    for (const id of [...marked, ...movedChats.map((move) => move.from)])
      if (!changes.chats.includes(id)) changes.chats.push(id);
    const sentTimes: Record<string, string> = {};
    for (const [name, section] of Object.entries(outgoing.allData.userSettings))
      sentTimes[name] = section.updatedAt;
    const incomingTimes = await applyIncomingSections(
      store,
      own,
      response.updatedUserSettings,
      outgoing.localSections,
    );
    const next = await updateSyncState(store, (current) => ({
      ...current,
      lastSyncAt: response.lastSyncAt,
      maxSyncPayloadSize: response.maxSyncPayloadSize,
      sectionTimes: { ...current.sectionTimes, ...sentTimes, ...incomingTimes },
      stats: {
        ...response.syncStats,
        totalUsageBytes: response.totalUsageBytes,
        limitUsageBytes: response.limitUsageBytes,
      },
    }));
    const settings = Object.keys(incomingTimes).length > 0;
    return { state: next, changes: { ...changes, settings, movedChats, movedFolders } };
  } catch (error) {
    const stats = error instanceof SyncFailureError ? error.stats : null;
    await updateSyncState(store, (current) => ({
      ...current,
      pendingDeletions: unionDeletions(current.pendingDeletions, outgoing.deletions),
      stats: stats ?? current.stats,
    }));
    throw error;
  }
}

async function applyResponse(
  ctx: ApplyContext,
  transport: SyncTransport,
  response: SyncResponse,
): Promise<Omit<RemoteChanges, 'settings' | 'movedChats' | 'movedFolders'>> {
  const chats = await applyIncomingChats(ctx, response.updatedChats);
  // Chunks are fetched and applied one at a time, so a large answer is never in memory whole.
  for (const url of response.updatedChatsChunks ?? []) {
    const chunk: Chat[] = await fetchChunk(transport, url, ChatChunkSchema);
    chats.push(...(await applyIncomingChats(ctx, chunk)));
  }
  chats.push(...(await applyRemoteChatDeletions(ctx, response.deletedChatIDs)));
  const records: Record<RecordKind, string[]> = {
    folders: [],
    projects: [],
    knowledgeDocuments: [],
    prompts: [],
    characters: [],
    plugins: [],
  };
  for (const wire of RECORD_KINDS) {
    const deleted = response[wire.responseDeletedIds];
    records[wire.kind].push(
      ...(await applyIncomingRecords(ctx, wire, response[wire.responseItems] as SyncedRecord[], deleted)),
    );
    const schema = wire.kind === 'characters' ? CharacterChunkSchema : PluginChunkSchema;
    const urls = wire.responseChunks ? (response[wire.responseChunks] ?? []) : [];
    for (const url of urls) {
      const chunk = (await fetchChunk(transport, url, schema)) as SyncedRecord[];
      records[wire.kind].push(...(await applyIncomingRecords(ctx, wire, chunk, [])));
    }
  }
  return { chats, ...records };
}
