import { chunkBySerializedLength } from '@parley/core/sync';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db';
import { compiledOnce } from '../db/compiled-query';
import { textAsBytes } from '../db/text-bytes';
import { KIND_RULES, rulesOf, type KindRules, type SyncKind } from './sync-kinds';
import { recordKey, SYNC_BATCH_SIZE, type Echo } from './sync-writer';

/** One live record to send: its JSON text when already in hand, else its stored size. */
type LiveEntry = { id: string; size: number; text?: string };
/**
 * A record's JSON as UTF-8 bytes: read from the database as bytes and sent as they are, so an
 * answer's records are never decoded into strings and encoded again (decision 0158).
 */
export type StoredJson = { id: string; json: Uint8Array };

export type KindChanges = {
  /** The records sent inline, as their stored JSON. */
  items: StoredJson[];
  /** Item ids per response chunk, when the kind's records are over maxSyncPayloadSize (PR5). */
  chunks: string[][];
  deletedIds: string[];
};

export type SyncChanges = Map<SyncKind, KindChanges>;

/**
 * What the device must hear: every record changed since its lastSyncAt that it did not send itself,
 * plus the merged version of anything it sent that the merge changed (SY2, SY3). Deleted records go
 * as ids (PR4). Chats, characters and plugins over maxSyncPayloadSize are listed in chunks and
 * read only when a chunk is fetched, so a first sync of a large account never holds it in memory.
 */
export async function collectChanges(
  trx: Transaction<Database>,
  options: {
    userId: string;
    since: number;
    sent: ReadonlySet<string>;
    echoes: ReadonlyMap<string, Echo>;
    maxPayload: number;
  },
): Promise<SyncChanges> {
  const live = new Map<SyncKind, LiveEntry[]>();
  const changes: SyncChanges = new Map(
    KIND_RULES.map((rules) => [rules.kind, { items: [], chunks: [], deletedIds: [] }]),
  );
  const liveOf = (kind: SyncKind) => live.get(kind) ?? live.set(kind, []).get(kind)!;

  const rows = await changedSince(trx, options.userId, options.since);
  for (const row of rows) {
    const rules = rulesOf(row.kind);
    if (!rules || options.sent.has(recordKey(row.kind, row.item_id))) continue;
    if (row.deleted_at !== null) changes.get(rules.kind)!.deletedIds.push(row.item_id);
    else liveOf(rules.kind).push({ id: row.item_id, size: Number(row.size_bytes) });
  }
  for (const echo of options.echoes.values()) {
    if (echo.deleted) changes.get(echo.kind)!.deletedIds.push(echo.id);
    else liveOf(echo.kind).push({ id: echo.id, size: echo.text.length, text: echo.text });
  }

  for (const [kind, entries] of live) {
    const rules = rulesOf(kind)!;
    const target = changes.get(kind)!;
    // Sizes are UTF-8 bytes, never fewer than the characters the limit counts: chunks stay within it.
    const chunked = chunkBySerializedLength(
      entries,
      options.maxPayload,
      (entry) => entry.text?.length ?? entry.size,
    );
    if (rules.responseChunks && chunked.length > 1) {
      target.chunks = chunked.map((chunk) => chunk.map((entry) => entry.id));
    } else {
      target.items = await readStoredJson(trx, options.userId, rules, entries);
    }
  }
  return changes;
}

/** The stored JSON of the given records, in the given order (those in hand are not read again). */
export async function readStoredJson(
  trx: Kysely<Database>,
  userId: string,
  rules: KindRules,
  entries: readonly LiveEntry[],
): Promise<StoredJson[]> {
  const missing = entries.filter((entry) => entry.text === undefined).map((entry) => entry.id);
  const read = new Map<string, Uint8Array>();
  for (let start = 0; start < missing.length; start += SYNC_BATCH_SIZE) {
    const rows = await liveJson(trx, userId, rules.kind, missing.slice(start, start + SYNC_BATCH_SIZE));
    for (const row of rows) read.set(row.item_id, row.data);
  }
  return entries.flatMap((entry) => {
    const json = entry.text === undefined ? read.get(entry.id) : Buffer.from(entry.text);
    return json === undefined ? [] : [{ id: entry.id, json }];
  });
}

// The two reads of every sync, compiled once (decision 0158).
const changedSince = compiledOnce((db, userId: string, since: number) =>
  db
    .selectFrom('sync_records')
    .select(['kind', 'item_id', 'deleted_at', 'size_bytes'])
    .where('user_id', '=', userId)
    .where('server_updated_at', '>', since),
);

const liveJson = compiledOnce((db, userId: string, kind: string, ids: readonly string[]) =>
  db
    .selectFrom('sync_records')
    .select(['item_id', textAsBytes(db, 'sync_records.data').as('data')])
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('item_id', 'in', ids)
    .where('deleted_at', 'is', null),
);
