import type { SyncBufferRequest, SyncRequest } from '@parley/core/sync';
import { syncMessages } from '@parley/core/sync';
import type { OpenDatabase } from '../db';
import { compiledOnce } from '../db/compiled-query';
import type { AccountService, AuthUser } from '../auth/account-service';
import { UserFacingError } from '../auth/user-error';
import { BufferQuotaExceeded, liveBufferBytes, lockAccountRow, SyncBufferStore } from './sync-buffer-store';
import { collectChanges } from './sync-changes';
import { SyncChunkStore } from './sync-chunk-store';
import { takeSyncStamp } from './sync-clock';
import { chatRules, KIND_RULES, requestItemsOf } from './sync-kinds';
import { renderSyncResponse, syncStatsOf } from './sync-response';
import type { SyncSettings } from './sync-settings';
import { SyncWriter } from './sync-writer';

export type SyncServiceDeps = {
  database: OpenDatabase;
  accounts: AccountService;
  settings: SyncSettings;
  clock?: () => number;
};

class QuotaExceeded extends Error {}

const SWEEP_INTERVAL_MS = 60_000;

/** Self-hosted accounts have no paid tier: every account is free with its own quota. */
const IS_PAID = false;

/** Adds to the account's stored bytes and reads its totals (compiled once: every sync runs it). */
const addToUsage = compiledOnce((db, userId: string, delta: number) =>
  db
    .updateTable('users')
    .set((eb) => ({ total_usage_bytes: eb('total_usage_bytes', '+', delta) }))
    .where('id', '=', userId)
    .returning(['total_usage_bytes', 'limit_usage_bytes', 'buffered_bytes']),
);

/** One sync round trip, buffers and chunks (rules SY1-SY10 in SPEC.md). */
export class SyncService {
  private readonly db;
  private readonly clock;
  private readonly buffers;
  private readonly chunks;
  private lastSweep = Number.NEGATIVE_INFINITY;

  constructor(private readonly deps: SyncServiceDeps) {
    this.db = deps.database.db;
    this.clock = deps.clock ?? Date.now;
    this.buffers = new SyncBufferStore(this.db, deps.settings.bufferTtlMs);
    this.chunks = new SyncChunkStore(this.db, deps.settings.chunkTtlMs);
  }

  get maxSyncPayloadSize(): number {
    return this.deps.settings.maxSyncPayloadSize;
  }

  /**
   * Runs one sync in one transaction and answers the response as JSON (SyncResponseSchema, UTF-8
   * bytes), and the sync's stamp (ISO) when it changed any stored row, else null (SY17).
   */
  async sync(
    user: AuthUser,
    request: SyncRequest,
  ): Promise<{ json: Uint8Array<ArrayBuffer>; changedAt: string | null }> {
    const now = this.clock();
    await this.removeExpired(now);
    const since = request.lastSyncAt === null ? 0 : Date.parse(request.lastSyncAt);
    try {
      return await this.db.transaction().execute(async (trx) => {
        const stamp = await takeSyncStamp(trx, user.id, now);
        const writer = new SyncWriter(trx, user.id, stamp);
        const bufferId = request.syncBufferID;
        if (bufferId !== undefined) {
          // The account's row before its buffers, in the order appends and the sweep take them.
          await lockAccountRow(trx, user.id);
          await this.buffers.assertUsable(trx, user.id, bufferId, now);
          for await (const chats of this.buffers.chunks(trx, bufferId)) {
            await writer.writeItems(chatRules, requestItemsOf(chatRules, { ...request.allData, chats }));
          }
          await this.buffers.remove(trx, user.id, bufferId);
        }
        for (const rules of KIND_RULES) {
          await writer.writeItems(rules, requestItemsOf(rules, request.allData));
          if (rules.requestDeletedIds)
            await writer.writeDeletions(rules, request.allData[rules.requestDeletedIds]);
        }
        const usage = await this.addUsage(trx, user.id, writer.sizeDelta, now);
        const changes = await collectChanges(trx, {
          userId: user.id,
          // A lastSyncAt this server never gave (a restored database, another server) means a full re-sync (SY1).
          since: since < stamp ? since : 0,
          sent: writer.sent,
          echoes: writer.echoes,
          maxPayload: this.maxSyncPayloadSize,
        });
        const chunkUrls = new Map<string, string[]>();
        for (const rules of KIND_RULES) {
          const listed = changes.get(rules.kind)!.chunks;
          if (rules.responseChunks && listed.length > 0) {
            chunkUrls.set(
              rules.responseChunks,
              await this.chunks.create(trx, user.id, rules.kind, listed, now),
            );
          }
        }
        const lastSyncAt = new Date(stamp).toISOString();
        const json = renderSyncResponse(changes, chunkUrls, {
          lastSyncAt,
          ...usage,
          isPaid: IS_PAID,
          maxSyncPayloadSize: this.maxSyncPayloadSize,
        });
        return { json, changedAt: writer.rowsChanged > 0 ? lastSyncAt : null };
      });
    } catch (error) {
      if (error instanceof QuotaExceeded) throw await this.quotaError(user, request.lastSyncAt);
      throw error;
    }
  }

  async appendToBuffer(user: AuthUser, request: SyncBufferRequest): Promise<{ syncBufferID: string }> {
    try {
      const id = await this.buffers.append(user.id, request.chats, request.bufferID, this.clock());
      return { syncBufferID: id };
    } catch (error) {
      if (error instanceof BufferQuotaExceeded) throw await this.quotaError(user, null);
      throw error;
    }
  }

  /** Sweeps expired buffers and chunks, at most once a minute (reads check expiry themselves). */
  private async removeExpired(now: number): Promise<void> {
    if (now - this.lastSweep < SWEEP_INTERVAL_MS && now >= this.lastSweep) return;
    this.lastSweep = now;
    await this.buffers.removeExpired(now);
    await this.chunks.removeExpired(now);
  }

  readChunk(user: AuthUser, chunkId: string): Promise<Uint8Array<ArrayBuffer>> {
    return this.chunks.read(user.id, chunkId, this.clock());
  }

  /** Adds the sync's change in stored bytes; a sync that grows usage past the limit fails (SY7). */
  private async addUsage(
    trx: Parameters<typeof takeSyncStamp>[0],
    userId: string,
    delta: number,
    now: number,
  ) {
    const [row] = await addToUsage(trx, userId, delta);
    if (!row) throw new Error(`no account ${userId}`);
    const usage = {
      totalUsageBytes: Number(row.total_usage_bytes),
      limitUsageBytes: Number(row.limit_usage_bytes),
    };
    if (delta <= 0) return usage;
    // The user's other live upload buffers are bound for storage too (SY7).
    const buffered = await liveBufferBytes(trx, userId, now, Number(row.buffered_bytes));
    if (usage.totalUsageBytes + buffered > usage.limitUsageBytes) throw new QuotaExceeded();
    return usage;
  }

  /** 413 with the usage numbers and sync stats, which the client still shows (PR8). */
  private async quotaError(user: AuthUser, lastSyncAt: string | null): Promise<UserFacingError> {
    const usage = await this.deps.accounts.usage(user.id);
    const stats = syncStatsOf({ lastSyncAt: lastSyncAt ?? '', ...usage, isPaid: IS_PAID });
    return new UserFacingError(
      'payload_too_large:sync_quota',
      'The sync would exceed the storage quota.',
      syncMessages.tooLarge,
      {
        ...usage,
        isPaid: IS_PAID,
        syncStats: { ...stats, lastSyncAt },
        maxSyncPayloadSize: this.maxSyncPayloadSize,
      },
    );
  }
}
