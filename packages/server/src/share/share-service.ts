import { randomBytes } from 'node:crypto';
import { SHARE_MAX_BYTES, SHARES_PER_USER, type ShareLink, type SharedChat } from '@parley/core/sync-client';
import type { Kysely } from 'kysely';
import type { AuthUser } from '../auth/account-service';
import type { Database } from '../db';
import { HttpError } from '../http/errors';

/** SL2: 128 random bits, base64url: 22 characters nobody can guess or enumerate. */
export function newShareId(): string {
  return randomBytes(16).toString('base64url');
}

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

/** Public share links (src/share/SPEC.md): create, list and revoke by the owner; read by anyone. */
export class ShareService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: () => number,
    private readonly newId: () => string = newShareId,
  ) {}

  async create(user: AuthUser, chat: SharedChat): Promise<ShareLink> {
    const data = JSON.stringify(chat);
    const size = Buffer.byteLength(data);
    if (size > SHARE_MAX_BYTES) {
      throw new HttpError(
        'payload_too_large:share',
        `The chat is too large to share (${String(Math.ceil(size / 1024 / 1024))} MB; the limit is ${String(SHARE_MAX_BYTES / 1024 / 1024)} MB).`,
      );
    }
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
      const row = {
        id: this.newId(),
        user_id: user.id,
        chat_id: chat.chatId,
        title: chat.title,
        created_at: this.clock(),
        data,
        message_count: chat.messages.length,
        size_bytes: size,
      };
      await trx.insertInto('shared_chats').values(row).execute();
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

  /** SL4: the row goes, so the link answers 404 at once. Another user's id is "not found" too. */
  async revoke(user: AuthUser, id: string): Promise<void> {
    const result = await this.db
      .deleteFrom('shared_chats')
      .where('user_id', '=', user.id)
      .where('id', '=', id)
      .executeTakeFirst();
    if (Number(result.numDeletedRows) === 0)
      throw new HttpError('not_found:share', 'This share link does not exist.');
  }

  /** The public snapshot as JSON text (`{ share }`), or null. */
  async publicJson(id: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('shared_chats')
      .select('data')
      .where('id', '=', id)
      .executeTakeFirst();
    return row ? `{"share":${row.data}}` : null;
  }
}
