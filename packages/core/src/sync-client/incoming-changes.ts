import { ownCharacterIdFor, withOwnCharacterId, type Chat } from '../entities';
import { StorageError, type StoragePort } from '../storage';
import { mergeChat, mergeRecord, sameJson, tombstoneOf, without } from '../sync';
import { stripChatAttachments } from './outgoing-chat';
import type { OwnWrites } from './own-writes';
import { repositoryOf, type RecordKindWire, type SyncedRecord } from './record-kinds';

/**
 * Writing what the server sent into the store (SC13, SC14). Nothing is replaced wholesale: each
 * record is merged with the local one by the core rules and written with its own timestamps.
 *
 * - `sync`: a record whose merge equals what the server holds is marked synced (syncedAt =
 *   updatedAt); one the merge changed keeps local edits the server lacks, so it stays pending.
 * - `restore` (a backup): records the merge changed become pending, so they reach the server.
 */
export interface ApplyContext {
  readonly store: StoragePort;
  readonly own: OwnWrites;
  readonly attachments: boolean;
  /** The server's time of this answer: remote deletions are stamped with it. */
  readonly at: string;
  readonly mode: 'sync' | 'restore';
}

const BATCH_SIZE = 200;
const LOCAL_ONLY = ['syncedAt'];

const sameSynced = (a: object, b: object) => sameJson(without(a, LOCAL_ONLY), without(b, LOCAL_ONLY));

/** The local chat after hearing the server's version of it. */
export function mergeIncomingChat(
  local: Chat,
  remote: Chat,
  ctx: Pick<ApplyContext, 'attachments' | 'mode'>,
): Chat {
  const merged = mergeChat(local, remote);
  if (ctx.mode === 'restore') return sameSynced(merged, local) ? local : { ...merged, syncedAt: null };
  // In sync when what this device would send is what the server holds.
  const sent = ctx.attachments ? merged : stripChatAttachments(merged);
  return { ...merged, syncedAt: sameSynced(sent, remote) ? merged.updatedAt : null };
}

/** Merges received chats; returns the ids written. */
export async function applyIncomingChats(ctx: ApplyContext, remote: readonly Chat[]): Promise<string[]> {
  const { store, own } = ctx;
  const known = new Set((await store.chats.listSummaries({ includeDeleted: true })).map((s) => s.id));
  const fresh: Chat[] = [];
  const written: string[] = [];
  for (const chat of remote) {
    if (chat.isExample) continue;
    const local = known.has(chat.id) ? await store.chats.get(chat.id) : undefined;
    if (!local) {
      fresh.push({ ...chat, syncedAt: ctx.mode === 'sync' ? chat.updatedAt : null });
      continue;
    }
    if (sameJson(mergeIncomingChat(local, chat, ctx), local)) continue;
    // Read-modify-write in one transaction: an edit made meanwhile (a streaming answer) is merged too.
    await own.run('chats', [chat.id], () =>
      store.chats.update(chat.id, (current) => mergeIncomingChat(current, chat, ctx), { touch: false }),
    );
    written.push(chat.id);
  }
  for (let start = 0; start < fresh.length; start += BATCH_SIZE) {
    const batch = fresh.slice(start, start + BATCH_SIZE);
    const ids = batch.map((chat) => chat.id);
    await own.run('chats', ids, () => store.chats.putMany(batch));
    written.push(...ids);
  }
  return written;
}

/** Chats the server says are deleted become tombstones here (MG5); returns the ids written. */
export async function applyRemoteChatDeletions(ctx: ApplyContext, ids: readonly string[]): Promise<string[]> {
  const { store, own } = ctx;
  const written: string[] = [];
  for (const id of ids) {
    const summary = await store.chats.getSummary(id);
    if (!summary || (summary.deletedAt !== null && summary.syncedAt === summary.updatedAt)) continue;
    await ignoreMissing(
      own.run('chats', [id], () =>
        store.chats.update(
          id,
          (chat) => {
            const tombstone = tombstoneOf(chat, ctx.at);
            return { ...tombstone, syncedAt: tombstone.updatedAt };
          },
          { touch: false },
        ),
      ),
    );
    written.push(id);
  }
  return written;
}

/** Folders, prompts, characters or plugins received and deleted; returns the ids written. */
export async function applyIncomingRecords(
  ctx: ApplyContext,
  wire: RecordKindWire,
  remote: readonly SyncedRecord[],
  deletedIds: readonly string[],
): Promise<string[]> {
  if (remote.length === 0 && deletedIds.length === 0) return [];
  if (wire.kind === 'characters') {
    // AG9: an agent never takes a built-in agent's id; every device renames it the same way.
    remote = remote.map(withOwnCharacterId);
    deletedIds = deletedIds.map(ownCharacterIdFor);
  }
  const repository = repositoryOf(ctx.store, wire.kind);
  const local = new Map(
    (await repository.list({ includeDeleted: true })).map((record) => [record.id, record]),
  );
  const changed = new Map<string, SyncedRecord>();
  for (const record of remote) {
    const mine = local.get(record.id);
    const merged = mine ? mergeRecord<SyncedRecord>(mine, record) : record;
    let next: SyncedRecord;
    if (ctx.mode === 'restore')
      next = mine && sameSynced(merged, mine) ? mine : { ...merged, syncedAt: null };
    else next = { ...merged, syncedAt: sameSynced(merged, record) ? merged.updatedAt : null };
    if (!mine || !sameJson(next, mine)) changed.set(record.id, next);
  }
  for (const id of deletedIds) {
    const mine = changed.get(id) ?? local.get(id);
    if (!mine) continue;
    const tombstone = tombstoneOf(mine, ctx.at);
    const next = { ...tombstone, syncedAt: tombstone.updatedAt };
    if (!sameJson(next, mine)) changed.set(id, next);
  }
  const records = [...changed.values()];
  for (let start = 0; start < records.length; start += BATCH_SIZE) {
    const batch = records.slice(start, start + BATCH_SIZE);
    await ctx.own.run(
      wire.kind,
      batch.map((record) => record.id),
      () => repository.putMany(batch),
    );
  }
  return records.map((record) => record.id);
}

/** A record purged while the sync ran is simply gone: nothing to write. */
export async function ignoreMissing<T>(work: Promise<T>): Promise<T | undefined> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof StorageError && error.code === 'not_found') return undefined;
    throw error;
  }
}
