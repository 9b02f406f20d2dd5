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
      const quota = await lockUsage(trx, userId, size);
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
      const buffered = await liveBufferBytes(trx, userId, now, quota.bufferedBytes);
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

  /** Deletes a consumed buffer of the user and takes its bytes off the account's buffered total. */
  async remove(trx: Transaction<Database>, userId: string, bufferId: string): Promise<void> {
    await trx.deleteFrom('sync_buffer_chunks').where('buffer_id', '=', bufferId).execute();
    const removed = await trx
      .deleteFrom('sync_buffers')
      .where('id', '=', bufferId)
      .where('user_id', '=', userId)
      .returning('size_bytes')
      .executeTakeFirst();
    if (removed) await addBufferedBytes(trx, userId, -Number(removed.size_bytes));
  }

  /**
   * Deletes every expired buffer. Each account's go in a transaction of its own that locks the
   * account's row first, as appends and syncs do, and takes their bytes off its buffered total.
   */
  async removeExpired(now: number): Promise<void> {
    const accounts = await this.db
      .selectFrom('sync_buffers')
      .select('user_id')
      .distinct()
      .where('expires_at', '<=', now)
      .execute();
    for (const { user_id: userId } of accounts) {
      await this.db.transaction().execute(async (trx) => {
        await lockAccountRow(trx, userId);
        // With the row locked, no append or sync changes this account's buffers until commit.
        const expired = await trx
          .selectFrom('sync_buffers')
          .select(['id', 'size_bytes'])
          .where('user_id', '=', userId)
          .where('expires_at', '<=', now)
          .execute();
        if (expired.length === 0) return;
        const ids = expired.map((buffer) => buffer.id);
        await trx.deleteFrom('sync_buffer_chunks').where('buffer_id', 'in', ids).execute();
        await trx.deleteFrom('sync_buffers').where('id', 'in', ids).execute();
        const bytes = expired.reduce((sum, buffer) => sum + Number(buffer.size_bytes), 0);
        await addBufferedBytes(trx, userId, -bytes);
      });
    }
  }
}

/**
 * Locks the account's row until the transaction ends (a no-op update: a row lock on PostgreSQL,
 * the write lock on SQLite). Whatever changes an account's buffers takes it before touching them,
 * so no two transactions wait on each other in opposite orders.
 */
export async function lockAccountRow(trx: Transaction<Database>, userId: string): Promise<void> {
  await trx
    .updateTable('users')
    .set((eb) => ({ buffered_bytes: eb.ref('buffered_bytes') }))
    .where('id', '=', userId)
    .execute();
}

async function addBufferedBytes(trx: Transaction<Database>, userId: string, delta: number) {
  await trx
    .updateTable('users')
    .set((eb) => ({ buffered_bytes: eb('buffered_bytes', '+', delta) }))
    .where('id', '=', userId)
    .execute();
}

/**
 * Adds an appended chunk's bytes to the account's buffered total and reads its usage numbers,
 * its row locked until the transaction ends (a row lock on PostgreSQL, the write lock on SQLite),
 * so two appends cannot both fit.
 */
async function lockUsage(trx: Transaction<Database>, userId: string, appended: number) {
  const row = await trx
    .updateTable('users')
    .set((eb) => ({ buffered_bytes: eb('buffered_bytes', '+', appended) }))
    .where('id', '=', userId)
    .returning(['total_usage_bytes', 'limit_usage_bytes', 'buffered_bytes'])
    .executeTakeFirstOrThrow();
  return {
    totalUsageBytes: Number(row.total_usage_bytes),
    limitUsageBytes: Number(row.limit_usage_bytes),
    bufferedBytes: Number(row.buffered_bytes),
  };
}

/**
 * Bytes held in the user's upload buffers that have not expired (SY7). `bufferedTotal` is the
 * account's running total (`users.buffered_bytes`, read in the same transaction): when it is 0 the
 * account holds no buffer and nothing is read, which is every sync, upload and share outside a
 * large upload. Otherwise the account's own buffers are summed (by index), as the total may still
 * count buffers that expired and were not swept yet.
 */
export async function liveBufferBytes(
  trx: Transaction<Database>,
  userId: string,
  now: number,
  bufferedTotal: number,
) {
  if (bufferedTotal <= 0) return 0;
  const row = await trx
    .selectFrom('sync_buffers')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('size_bytes'), eb.lit(0)).as('bytes'))
    .where('user_id', '=', userId)
    .where('expires_at', '>', now)
    .executeTakeFirstOrThrow();
  return Number(row.bytes);
}
