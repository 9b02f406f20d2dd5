import { randomBytes } from 'node:crypto';
import { SYNC_PATHS } from '@parley/core/sync';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db';
import { UserFacingError } from '../auth/user-error';
import { readStoredJson } from './sync-changes';
import { JsonBytes } from './sync-response';
import { rulesOf, type SyncKind } from './sync-kinds';

/**
 * Response chunks (PR5, SY5): a chunk row lists item ids of one kind; GET reads those records as
 * they are then (a newer version is as good: merges only move forward). Chunks belong to one user
 * and expire.
 */
export class SyncChunkStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly ttlMs: number,
  ) {}

  /** Saves the listings; returns their URLs in order. */
  async create(
    trx: Transaction<Database>,
    userId: string,
    kind: SyncKind,
    chunks: readonly string[][],
    now: number,
  ) {
    if (chunks.length === 0) return [];
    const rows = chunks.map((ids) => ({
      id: randomBytes(16).toString('base64url'),
      user_id: userId,
      kind,
      item_ids: JSON.stringify(ids),
      created_at: now,
      expires_at: now + this.ttlMs,
    }));
    await trx.insertInto('sync_response_chunks').values(rows).execute();
    return rows.map((row) => `${SYNC_PATHS.chunkPrefix}${row.id}`);
  }

  /** The chunk's records as a JSON list (UTF-8); 404 for an unknown, expired or another user's chunk. */
  async read(userId: string, chunkId: string, now: number): Promise<Uint8Array<ArrayBuffer>> {
    const row = await this.db
      .selectFrom('sync_response_chunks')
      .select(['kind', 'item_ids'])
      .where('id', '=', chunkId)
      .where('user_id', '=', userId)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    const rules = row && rulesOf(row.kind);
    if (!row || !rules)
      throw new UserFacingError('not_found:sync_chunk', 'No such sync chunk (it may have expired).');
    const ids = JSON.parse(row.item_ids) as string[];
    const records = await readStoredJson(
      this.db,
      userId,
      rules,
      ids.map((id) => ({ id, size: 0 })),
    );
    const list = new JsonBytes().text('[');
    records.forEach((record, index) => list.text(index === 0 ? '' : ',').bytes(record.json));
    return list.text(']').done();
  }

  async removeExpired(now: number): Promise<void> {
    await this.db.deleteFrom('sync_response_chunks').where('expires_at', '<=', now).execute();
  }
}
