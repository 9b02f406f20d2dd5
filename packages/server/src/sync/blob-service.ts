import { createHash, randomUUID } from 'node:crypto';
import { blobIdOfSha256, isBlobContentType, isBlobId } from '@parley/core/sync-client';
import type { Kysely } from 'kysely';
import type { AuthUser } from '../auth/account-service';
import { claimOncePer } from '../cluster/lease';
import type { Database } from '../db';
import { HttpError } from '../http/errors';
import { liveBufferBytes } from './sync-buffer-store';

/** SY15: a blob no synced record or backup names is removed once it is this old (an upload waits for its sync). */
export const BLOB_GRACE_MS = 24 * 60 * 60 * 1000;
/** SY15: an account's unused blobs are looked for at most this often. */
export const BLOB_SWEEP_INTERVAL_MS = 60 * 60 * 1000;
const SWEEPS_REMEMBERED = 10_000;

export class BlobQuotaExceeded extends Error {}

export type StoredBlob = { id: string; contentType: string; size: number };

const REFERENCE = /attachment:(att-[0-9a-f]{32})/g;

/**
 * Attachment bytes of each account (src/sync/SPEC.md SY13-SY16, decision 0056): content-addressed
 * uploads counted in the account's usage, reads scoped to the caller, and the removal of blobs no
 * synced chat or backup of the account names any more.
 */
export class BlobService {
  /** This process's own sweeps: spares the database's claim for an account swept here lately. */
  private readonly lastSweep = new Map<string, number>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: () => number,
    readonly maxBytes: number,
  ) {}

  /** SY13, SY14: stores the bytes under their id once; `created` is false when they were there. */
  async put(
    user: AuthUser,
    id: string,
    contentType: string,
    data: Uint8Array,
  ): Promise<{ blob: StoredBlob; created: boolean }> {
    if (!isBlobId(id)) throw new HttpError('not_found:blob', 'No such attachment.');
    if (!isBlobContentType(contentType)) {
      throw new HttpError(
        'unsupported_media_type:blob',
        `Attachments of type ${contentType.slice(0, 80)} do not sync.`,
      );
    }
    if (data.byteLength > this.maxBytes) {
      throw new HttpError('payload_too_large:blob', `The attachment is over ${String(this.maxBytes)} bytes.`);
    }
    if (data.byteLength === 0) throw new HttpError('bad_request:blob', 'The attachment is empty.');
    const sha256 = createHash('sha256').update(data).digest('hex');
    if (blobIdOfSha256(sha256) !== id) {
      throw new HttpError('bad_request:blob', 'The attachment bytes do not match its id.');
    }
    const now = this.clock();
    const blob = { id, contentType: contentType.toLowerCase(), size: data.byteLength };
    const created = await this.db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('sync_blobs')
        .values({
          user_id: user.id,
          id,
          content_type: blob.contentType,
          size_bytes: blob.size,
          created_at: now,
          data,
        })
        .onConflict((conflict) => conflict.columns(['user_id', 'id']).doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 0) return false;
      // SY14: counted like synced records; the upload that would pass the limit is rolled back.
      const row = await trx
        .updateTable('users')
        .set((eb) => ({ total_usage_bytes: eb('total_usage_bytes', '+', blob.size) }))
        .where('id', '=', user.id)
        .returning(['total_usage_bytes', 'limit_usage_bytes', 'buffered_bytes'])
        .executeTakeFirstOrThrow();
      const buffered = await liveBufferBytes(trx, user.id, now, Number(row.buffered_bytes));
      if (Number(row.total_usage_bytes) + buffered > Number(row.limit_usage_bytes))
        throw new BlobQuotaExceeded();
      return true;
    });
    return { blob, created };
  }

  /** SY13: the caller's own blob, or undefined (another account's id is not found either). */
  async get(user: AuthUser, id: string): Promise<(StoredBlob & { data: Uint8Array }) | undefined> {
    if (!isBlobId(id)) return undefined;
    const row = await this.db
      .selectFrom('sync_blobs')
      .select(['content_type', 'size_bytes', 'data'])
      .where('user_id', '=', user.id)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) return undefined;
    return { id, contentType: row.content_type, size: Number(row.size_bytes), data: row.data };
  }

  /** SY13: which of `ids` the caller holds no blob for. */
  async missing(user: AuthUser, ids: readonly string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .selectFrom('sync_blobs')
      .select('id')
      .where('user_id', '=', user.id)
      .where('id', 'in', [...ids])
      .execute();
    const held = new Set(rows.map((row) => row.id));
    return [...new Set(ids)].filter((id) => !held.has(id));
  }

  /**
   * SY15 after a sync: at most once per BLOB_SWEEP_INTERVAL_MS per account, across every server
   * process (CL5: the database's claim decides which one sweeps).
   */
  async collectIfDue(userId: string): Promise<number> {
    const now = this.clock();
    const last = this.lastSweep.get(userId);
    if (last !== undefined && now - last < BLOB_SWEEP_INTERVAL_MS && now >= last) return 0;
    if (this.lastSweep.size >= SWEEPS_REMEMBERED) this.lastSweep.clear();
    this.lastSweep.set(userId, now);
    const claimId = randomUUID();
    if (!(await claimOncePer(this.db, `blob-sweep:${userId}`, claimId, now, BLOB_SWEEP_INTERVAL_MS)))
      return 0;
    return this.collect(userId);
  }

  /**
   * SY15: removes the account's blobs older than BLOB_GRACE_MS that no synced record (a live chat's
   * messages; a deleted chat keeps none) and no backup names, and gives their bytes back to its
   * usage. Returns how many went.
   */
  async collect(userId: string): Promise<number> {
    const now = this.clock();
    return this.db.transaction().execute(async (trx) => {
      const old = await trx
        .selectFrom('sync_blobs')
        .select(['id', 'size_bytes'])
        .where('user_id', '=', userId)
        .where('created_at', '<=', now - BLOB_GRACE_MS)
        .execute();
      if (old.length === 0) return 0;
      const named = new Set<string>();
      const tables = ['sync_records', 'sync_backups', 'sync_backup_history'] as const;
      for (const table of tables) {
        const rows = await trx
          .selectFrom(table)
          .select('data')
          .where('user_id', '=', userId)
          .where('data', 'like', '%attachment:att-%')
          .execute();
        for (const row of rows)
          for (const match of row.data.matchAll(REFERENCE)) named.add(match[1] as string);
      }
      const unused = old.filter((blob) => !named.has(blob.id));
      if (unused.length === 0) return 0;
      await trx
        .deleteFrom('sync_blobs')
        .where('user_id', '=', userId)
        .where(
          'id',
          'in',
          unused.map((blob) => blob.id),
        )
        .execute();
      const freed = unused.reduce((sum, blob) => sum + Number(blob.size_bytes), 0);
      await trx
        .updateTable('users')
        .set((eb) => ({ total_usage_bytes: eb('total_usage_bytes', '-', freed) }))
        .where('id', '=', userId)
        .execute();
      return unused.length;
    });
  }
}
