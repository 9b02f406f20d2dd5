import { randomBytes } from 'node:crypto';
import type { Chat } from '@parley/core/entities';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db';
import { UserFacingError } from '../auth/user-error';

export const bufferMessages = {
  unknown: 'The uploaded data expired before the sync finished. Please sync again.',
} as const;

export class BufferQuotaExceeded extends Error {}

/**
 * Upload buffers (PR6, SY6): chats sent in chunks before the sync that consumes them. A buffer
 * belongs to one user, expires, and is deleted by the sync that reads it.
 */
export class SyncBufferStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly ttlMs: number,
  ) {}

  /**
   * Adds one chunk of parsed chats; returns the buffer id (a new buffer when none is given).
   * Everything in a buffer ends up stored, so the account's stored bytes plus all of its live
   * buffers must fit its quota (SY7): many buffers cannot add up past it.
   */
  async append(userId: string, chats: readonly Chat[], bufferId: string | undefined, now: number) {
    const text = JSON.stringify(chats);
    const size = Buffer.byteLength(text);
    return this.db.transaction().execute(async (trx) => {
      const quota = await lockUsage(trx, userId);
      const id = bufferId ?? randomBytes(16).toString('base64url');
      if (bufferId === undefined) {
        await trx
          .insertInto('sync_buffers')
          .values({ id, user_id: userId, created_at: now, expires_at: now + this.ttlMs, size_bytes: 0 })
          .execute();
      }
      const buffer = await trx
        .updateTable('sync_buffers')
        .set((eb) => ({ size_bytes: eb('size_bytes', '+', size), expires_at: now + this.ttlMs }))
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .where('expires_at', '>', now)
        .returning('size_bytes')
        .executeTakeFirst();
      if (!buffer)
        throw new UserFacingError('not_found:sync_buffer', 'No such upload buffer.', bufferMessages.unknown);
      const buffered = await liveBufferBytes(trx, userId, now);
      if (quota.totalUsageBytes + buffered > quota.limitUsageBytes) throw new BufferQuotaExceeded();
      await trx
        .insertInto('sync_buffer_chunks')
        .values({ id: randomBytes(16).toString('base64url'), buffer_id: id, data: text, size_bytes: size })
        .execute();
      return id;
    });
  }

  /** Throws 404 unless the buffer is the user's and has not expired. */
  async assertUsable(
    trx: Transaction<Database>,
    userId: string,
    bufferId: string,
    now: number,
  ): Promise<void> {
    const row = await trx
      .selectFrom('sync_buffers')
      .select('id')
      .where('id', '=', bufferId)
      .where('user_id', '=', userId)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    if (!row)
      throw new UserFacingError('not_found:sync_buffer', 'No such upload buffer.', bufferMessages.unknown);
  }

  /** Yields the buffer's chunks one at a time, so only one chunk is in memory at once. */
  async *chunks(trx: Transaction<Database>, bufferId: string): AsyncGenerator<Chat[]> {
    const ids = await trx
      .selectFrom('sync_buffer_chunks')
      .select('id')
      .where('buffer_id', '=', bufferId)
      .execute();
    for (const { id } of ids) {
      const row = await trx
        .selectFrom('sync_buffer_chunks')
        .select('data')
        .where('id', '=', id)
        .executeTakeFirst();
      // Stored by append() from chats that passed the entity parser.
      if (row) yield JSON.parse(row.data) as Chat[];
    }
  }

  async remove(trx: Transaction<Database>, bufferId: string): Promise<void> {
    await trx.deleteFrom('sync_buffer_chunks').where('buffer_id', '=', bufferId).execute();
    await trx.deleteFrom('sync_buffers').where('id', '=', bufferId).execute();
  }

  async removeExpired(now: number): Promise<void> {
    const expired = this.db.selectFrom('sync_buffers').select('id').where('expires_at', '<=', now);
    await this.db.deleteFrom('sync_buffer_chunks').where('buffer_id', 'in', expired).execute();
    await this.db.deleteFrom('sync_buffers').where('expires_at', '<=', now).execute();
  }
}

/**
 * The account's usage numbers, read with its row locked until the transaction ends (a no-op
 * update: a row lock on PostgreSQL, the write lock on SQLite), so two appends cannot both fit.
 */
async function lockUsage(trx: Transaction<Database>, userId: string) {
  const row = await trx
    .updateTable('users')
    .set((eb) => ({ limit_usage_bytes: eb.ref('limit_usage_bytes') }))
    .where('id', '=', userId)
    .returning(['total_usage_bytes', 'limit_usage_bytes'])
    .executeTakeFirstOrThrow();
  return { totalUsageBytes: Number(row.total_usage_bytes), limitUsageBytes: Number(row.limit_usage_bytes) };
}

/** Bytes held in the user's upload buffers that have not expired. */
export async function liveBufferBytes(trx: Transaction<Database>, userId: string, now: number) {
  const row = await trx
    .selectFrom('sync_buffers')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('size_bytes'), eb.lit(0)).as('bytes'))
    .where('user_id', '=', userId)
    .where('expires_at', '>', now)
    .executeTakeFirstOrThrow();
  return Number(row.bytes);
}
