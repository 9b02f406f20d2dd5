import { createHash, randomBytes } from 'node:crypto';
import { SHARE_MAX_BYTES, SHARES_PER_USER, type ShareLink, type SharedChat } from '@parley/core/sync-client';
import type { Kysely } from 'kysely';
import type { AuthUser } from '../auth/account-service';
import type { Database } from '../db';
import type { Encoding } from '../http/compressed-files';
import { HttpError, UserFacingError } from '../http/errors';
import { liveBufferBytes } from '../sync/sync-buffer-store';
import { ShareBodyCache } from './share-body-cache';
import { repairSharedChat } from './share-repair';

/** SL2: 128 random bits, base64url: 22 characters nobody can guess or enumerate. */
export function newShareId(): string {
  return randomBytes(16).toString('base64url');
}

/** SL7: a share that would take its owner over the storage quota; the route answers 413. */
export class ShareQuotaExceeded extends Error {}

type Row = { id: string; chat_id: string; title: string; created_at: number | string; message_count: number };

function linkOf(row: Row): ShareLink {
  return {
    id: row.id,
    chatId: row.chat_id,
    title: row.title,
    createdAt: new Date(Number(row.created_at)).toISOString(),
    messages: Number(row.message_count),
  };
}

/** SL9: the strong ETag of a snapshot's public answer: the SHA-256 of its stored JSON. */
export function shareEtag(data: string): string {
  return `"${createHash('sha256').update(data).digest('base64url')}"`;
}

/** The public answer's bytes: the stored JSON as it is, never parsed again (SL11). */
const publicBody = (data: string) => new TextEncoder().encode(`{"share":${data}}`);

/** SL9: the ETag of a compressed copy: the snapshot's, marked with the encoding. */
export function encodedEtag(etag: string, encoding: Encoding): string {
  return `${etag.slice(0, -1)}.${encoding}"`;
}

/** What the public route answers for one id: `encoding` says how `body` is compressed, if at all. */
export type PublicShare =
  | { kind: 'missing' }
  | { kind: 'unchanged'; etag: string }
  | { kind: 'body'; etag: string; body: Uint8Array<ArrayBuffer>; encoding: Encoding | null };

/** A read: the request's If-None-Match, and the encoding the reader accepts (null: none). */
export type PublicReadRequest = { ifNoneMatch: string | undefined; encoding: Encoding | null };

/** Public share links (src/share/SPEC.md): create, list and revoke by the owner; read by anyone. */
export class ShareService {
  private readonly bodies: ShareBodyCache;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: () => number,
    private readonly newId: () => string = newShareId,
    bodies?: ShareBodyCache,
  ) {
    this.bodies = bodies ?? new ShareBodyCache();
  }

  async create(user: AuthUser, chat: SharedChat): Promise<ShareLink> {
    const data = JSON.stringify(chat);
    const size = Buffer.byteLength(data);
    if (size > SHARE_MAX_BYTES) {
      throw new UserFacingError(
        'payload_too_large:share',
        `The chat is too large to share (${String(Math.ceil(size / 1024 / 1024))} MB; the limit is ${String(SHARE_MAX_BYTES / 1024 / 1024)} MB).`,
      );
    }
    const etag = shareEtag(data);
    return this.db.transaction().execute(async (trx) => {
      const count = await trx
        .selectFrom('shared_chats')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('user_id', '=', user.id)
        .executeTakeFirstOrThrow();
      if (Number(count.n) >= SHARES_PER_USER) {
        throw new HttpError(
          'conflict:share_limit',
          `You have ${String(SHARES_PER_USER)} share links. Revoke some before sharing another chat.`,
        );
      }
      const now = this.clock();
      const row = {
        id: this.newId(),
        user_id: user.id,
        chat_id: chat.chatId,
        title: chat.title,
        created_at: now,
        data,
        message_count: chat.messages.length,
        size_bytes: size,
        etag,
      };
      await trx.insertInto('shared_chats').values(row).execute();
      // SL7: counted like synced records (SY7); the share that would pass the limit is rolled back.
      const usage = await trx
        .updateTable('users')
        .set((eb) => ({ total_usage_bytes: eb('total_usage_bytes', '+', size) }))
        .where('id', '=', user.id)
        .returning(['total_usage_bytes', 'limit_usage_bytes', 'buffered_bytes'])
        .executeTakeFirstOrThrow();
      const buffered = await liveBufferBytes(trx, user.id, now, Number(usage.buffered_bytes));
      if (Number(usage.total_usage_bytes) + buffered > Number(usage.limit_usage_bytes))
        throw new ShareQuotaExceeded();
      return linkOf(row);
    });
  }

  async list(user: AuthUser): Promise<ShareLink[]> {
    const rows = await this.db
      .selectFrom('shared_chats')
      .select(['id', 'chat_id', 'title', 'created_at', 'message_count'])
      .where('user_id', '=', user.id)
      .orderBy('created_at', 'desc')
      .execute();
    return rows.map(linkOf);
  }

  /**
   * SL4: the row goes, so the link answers 404 at once. Another user's id is "not found" too.
   * SL7: its bytes leave the owner's usage in the same transaction.
   */
  async revoke(user: AuthUser, id: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const removed = await trx
        .deleteFrom('shared_chats')
        .where('user_id', '=', user.id)
        .where('id', '=', id)
        .returning('size_bytes')
        .executeTakeFirst();
      if (!removed) throw new HttpError('not_found:share', 'This share link does not exist.');
      await trx
        .updateTable('users')
        .set((eb) => ({ total_usage_bytes: eb('total_usage_bytes', '-', Number(removed.size_bytes)) }))
        .where('id', '=', user.id)
        .execute();
    });
  }

  /**
   * SL9, SL11: the public answer of one link. Its ETag is read first (an indexed lookup of one
   * short column), so a revoked link is missing at once and a reader who holds the current version
   * gets `unchanged` without the snapshot being read. Otherwise the bytes come from the cache (the
   * compressed copy the reader accepts), or from the row once, as stored.
   */
  async publicRead(id: string, request: PublicReadRequest): Promise<PublicShare> {
    const row = await this.db
      .selectFrom('shared_chats')
      .select('etag')
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) return { kind: 'missing' };
    if (row.etag === null) return this.repair(id, request.encoding);
    const held = request.ifNoneMatch === undefined ? null : heldVersion(request.ifNoneMatch, row.etag);
    if (held !== null) return { kind: 'unchanged', etag: held };
    let body = this.bodies.get(row.etag);
    if (!body) {
      const stored = await this.db
        .selectFrom('shared_chats')
        .select('data')
        .where('id', '=', id)
        .executeTakeFirst();
      if (!stored) return { kind: 'missing' }; // revoked meanwhile
      body = publicBody(stored.data);
      this.bodies.set(row.etag, body);
    }
    return this.answer(row.etag, body, request.encoding);
  }

  /** The answer of `etag`: its compressed copy when the reader accepts one (made on first use). */
  private async answer(
    etag: string,
    body: Uint8Array<ArrayBuffer>,
    encoding: Encoding | null,
  ): Promise<PublicShare> {
    const copy = encoding ? await this.bodies.encoded(etag, encoding) : undefined;
    if (copy && encoding) return { kind: 'body', etag: encodedEtag(etag, encoding), body: copy, encoding };
    return { kind: 'body', etag, body, encoding: null };
  }

  /**
   * SL10: a row stored before the strict schema is repaired on its first read and written back
   * with its ETag, its new size in the owner's usage; later reads take the stored bytes as they are.
   */
  private async repair(id: string, encoding: Encoding | null): Promise<PublicShare> {
    const repaired = await this.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('shared_chats')
        .select(['user_id', 'chat_id', 'title', 'created_at', 'data', 'size_bytes', 'etag'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row) return null;
      // Repaired by a concurrent read meanwhile.
      if (row.etag !== null) return { etag: row.etag, data: row.data };
      const chat = repairSharedChat(row.data, row);
      if (!chat) return null;
      const data = JSON.stringify(chat);
      const size = Buffer.byteLength(data);
      const etag = shareEtag(data);
      const updated = await trx
        .updateTable('shared_chats')
        .set({ data, etag, size_bytes: size, message_count: chat.messages.length })
        .where('id', '=', id)
        .where('etag', 'is', null)
        .executeTakeFirst();
      // A concurrent read repaired it first: its new size is counted already.
      if (Number(updated.numUpdatedRows) === 1)
        await trx
          .updateTable('users')
          .set((eb) => ({ total_usage_bytes: eb('total_usage_bytes', '+', size - Number(row.size_bytes)) }))
          .where('id', '=', row.user_id)
          .execute();
      return { etag, data };
    });
    if (!repaired) return { kind: 'missing' };
    const body = publicBody(repaired.data);
    this.bodies.set(repaired.etag, body);
    return this.answer(repaired.etag, body, encoding);
  }
}

/**
 * SL9: the version an If-None-Match header names, when it is `etag` or one of its compressed
 * copies (a list, `*`, weak or strong: RFC 9110 compares weakly for If-None-Match); else null.
 */
export function heldVersion(header: string, etag: string): string | null {
  const versions = [etag, encodedEtag(etag, 'gzip'), encodedEtag(etag, 'br')];
  for (const part of header.split(',')) {
    const tag = part.trim().replace(/^W\//, '');
    if (tag === '*') return etag;
    if (versions.includes(tag)) return tag;
  }
  return null;
}
