import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Role } from '../auth/roles';
import type { Database } from '../db';
import { HttpError } from '../http/errors';
import { recordAudit } from './audit-log';

/** AD6: an invitation works this long. */
export const INVITE_LIFETIME_MS = 14 * 24 * 60 * 60 * 1000;

export type Invite = { id: string; email: string; role: Role; createdAt: string; expiresAt: string };

export const inviteMessages = {
  notFound: 'There is no such invitation.',
  closed:
    'Sign-up on this server is by invitation only. Ask an admin of your organisation for an invitation link.',
  exists: 'An account with this email already exists.',
} as const;

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');
const iso = (ms: number) => new Date(Number(ms)).toISOString();

/**
 * Invitations (AD6, AD7; decision 0114). Without an email server the admin gets a link with a
 * single-use token for one email; the token is shown once and stored only as its SHA-256.
 */
export class Invites {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Live invitations: not used, not revoked, not expired. */
  async pending(): Promise<Invite[]> {
    const rows = await this.db
      .selectFrom('invites')
      .select(['id', 'email', 'role', 'created_at', 'expires_at'])
      .where('used_at', 'is', null)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', this.clock())
      .orderBy('created_at', 'desc')
      .execute();
    return rows.map((row) => ({
      id: row.id,
      email: row.email,
      role: row.role as Role,
      createdAt: iso(row.created_at),
      expiresAt: iso(row.expires_at),
    }));
  }

  async create(actorId: string, email: string, role: Role): Promise<{ invite: Invite; token: string }> {
    const now = this.clock();
    const taken = await this.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirst();
    if (taken) throw new HttpError('conflict:auth_email', inviteMessages.exists);
    const token = randomBytes(24).toString('base64url');
    const invite = { id: randomUUID(), email, role, created_at: now, expires_at: now + INVITE_LIFETIME_MS };
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('invites')
        .values({
          ...invite,
          token_hash: hashToken(token),
          created_by: actorId,
          used_at: null,
          revoked_at: null,
        })
        .execute();
      await recordAudit(
        trx,
        { actorId, action: 'member.invite', target: email, details: { role } },
        this.clock,
      );
    });
    return {
      invite: { id: invite.id, email, role, createdAt: iso(now), expiresAt: iso(invite.expires_at) },
      token,
    };
  }

  async revoke(actorId: string, id: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('invites')
        .select(['email'])
        .where('id', '=', id)
        .where('used_at', 'is', null)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      if (!row) throw new HttpError('not_found:invite', inviteMessages.notFound);
      await trx.updateTable('invites').set({ revoked_at: this.clock() }).where('id', '=', id).execute();
      await recordAudit(trx, { actorId, action: 'member.invite.revoke', target: row.email }, this.clock);
    });
  }

  /**
   * AD7: takes the live invitation `token` names for `email` (single use, inside the sign-up's
   * transaction): the role the new account gets, or undefined when there is no such invitation.
   */
  async consume(
    trx: Kysely<Database>,
    token: string,
    email: string,
    userId: string,
  ): Promise<Role | undefined> {
    const now = this.clock();
    const row = await trx
      .selectFrom('invites')
      .select(['id', 'role'])
      .where('token_hash', '=', hashToken(token))
      .where('email', '=', email)
      .where('used_at', 'is', null)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    if (!row) return undefined;
    const taken = await trx
      .updateTable('invites')
      .set({ used_at: now })
      .where('id', '=', row.id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) !== 1) return undefined;
    await recordAudit(
      trx,
      { actorId: userId, action: 'member.invite.accept', target: email, details: { role: row.role } },
      this.clock,
    );
    return row.role as Role;
  }
}
