import type { Kysely, Transaction } from 'kysely';
import type { AccountService } from '../auth/account-service';
import { effectiveRole, type Role } from '../auth/roles';
import type { Database, OpenDatabase } from '../db';
import { HttpError } from '../http/errors';
import { recordAudit } from './audit-log';

/** One account as the Members tab lists it (AD4). */
export type AdminMember = {
  id: string;
  email: string;
  name: string | null;
  /** The role the account acts with (ADMIN_EMAILS wins over the stored one, AU10). */
  role: Role;
  /** ADMIN_EMAILS names the account: an admin whatever the panel sets. */
  adminByServerSetting: boolean;
  createdAt: string;
  deactivatedAt: string | null;
  /** The last use of any of its sessions (written at most hourly, AU7), or its last sign-in. */
  lastActiveAt: string | null;
  /** Live sessions (signed-in devices and browsers). */
  sessions: number;
};

export type SeatCount = {
  /** Active (not deactivated) accounts. */
  used: number;
  /** Users of the live Team licenses kept on this server; null: none (the count alone is shown). */
  licensed: number | null;
};

export type MemberChange = { role?: Role | undefined; deactivated?: boolean | undefined };

export const memberMessages = {
  notFound: 'There is no such member.',
  lastAdmin:
    'The organisation would have no admin left. Make another member an admin first, then change this account.',
} as const;

const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

/** Members of the organisation (the server): list, role, deactivate and reactivate (AD4, AD5). */
export class MemberAdmin {
  private readonly db: Kysely<Database>;

  constructor(
    private readonly database: OpenDatabase,
    private readonly accounts: AccountService,
    private readonly clock: () => number = Date.now,
  ) {
    this.db = database.db;
  }

  async list(): Promise<AdminMember[]> {
    const now = this.clock();
    const aliveSince = now - this.accounts.tokenSettings.lifetimeMs;
    const sessions = this.db
      .selectFrom('auth_tokens')
      .select((eb) => [
        'user_id',
        eb.fn.countAll<number>().as('sessions'),
        eb.fn.max(eb.fn.coalesce('last_used_at', 'created_at')).as('last_active'),
      ])
      // Live (AU7): not revoked, or within a rotation's grace; used (or issued) within the lifetime.
      .where((eb) => eb.or([eb('revoked_at', 'is', null), eb('revoked_at', '>', now)]))
      .where((eb) => eb(eb.fn.coalesce('last_used_at', 'created_at'), '>', aliveSince))
      .groupBy('user_id')
      .as('s');
    const rows = await this.db
      .selectFrom('users')
      .leftJoin(sessions, 's.user_id', 'users.id')
      .select([
        'users.id',
        'users.email',
        'users.display_name',
        'users.role',
        'users.created_at',
        'users.deactivated_at',
        's.sessions',
        's.last_active',
      ])
      .orderBy('users.email')
      .execute();
    return rows.map((row) => ({
      id: row.id,
      email: row.email,
      name: row.display_name,
      role: effectiveRole(row.role, row.email, this.accounts.adminEmails),
      adminByServerSetting: this.accounts.adminEmails.has(row.email),
      createdAt: new Date(Number(row.created_at)).toISOString(),
      deactivatedAt: iso(row.deactivated_at),
      lastActiveAt: iso(row.last_active === null ? null : Number(row.last_active)),
      sessions: Number(row.sessions ?? 0),
    }));
  }

  /** Seats used of the license (AD4): active members against the live Team licenses' users. */
  async seats(): Promise<SeatCount> {
    const used = await this.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('deactivated_at', 'is', null)
      .executeTakeFirstOrThrow();
    const licensed = await this.db
      .selectFrom('licenses')
      .select((eb) => eb.fn.sum<number | null>('max_users').as('n'))
      .where('plan', '=', 'team')
      .where('revoked_at', 'is', null)
      .executeTakeFirstOrThrow();
    return { used: Number(used.n), licensed: licensed.n === null ? null : Number(licensed.n) };
  }

  /**
   * Changes a member's role and/or active state in one transaction with its audit rows (AD1). AD5:
   * a change that leaves no active admin is refused (409 `conflict:last_admin`); deactivating ends
   * every session of the account at once (its tokens are revoked as well as refused, AU10).
   */
  async change(actorId: string, memberId: string, change: MemberChange): Promise<AdminMember> {
    await this.db.transaction().execute(async (trx) => {
      const member = await this.lockedUser(trx, memberId);
      if (!member) throw new HttpError('not_found:member', memberMessages.notFound);
      const now = this.clock();
      const updates: { role?: Role; deactivated_at?: number | null } = {};
      if (change.role !== undefined && change.role !== member.role) updates.role = change.role;
      if (change.deactivated === true && member.deactivated_at === null) updates.deactivated_at = now;
      if (change.deactivated === false && member.deactivated_at !== null) updates.deactivated_at = null;
      if (Object.keys(updates).length === 0) return;
      await trx.updateTable('users').set(updates).where('id', '=', memberId).execute();
      if ((await this.activeAdmins(trx)) === 0)
        throw new HttpError('conflict:last_admin', memberMessages.lastAdmin);
      const audit = (action: string, details?: Record<string, unknown>) =>
        recordAudit(trx, { actorId, action, target: member.email, ...(details && { details }) }, this.clock);
      if (updates.role) await audit('member.role', { from: member.role, to: updates.role });
      if (updates.deactivated_at !== undefined) {
        if (updates.deactivated_at === null) await audit('member.reactivate');
        else {
          const revoked = await trx
            .updateTable('auth_tokens')
            .set({ revoked_at: now })
            .where('user_id', '=', memberId)
            .where((eb) => eb.or([eb('revoked_at', 'is', null), eb('revoked_at', '>', now)]))
            .executeTakeFirst();
          await audit('member.deactivate', { sessionsEnded: Number(revoked.numUpdatedRows) });
        }
      }
    });
    const updated = (await this.list()).find((member) => member.id === memberId);
    if (!updated) throw new HttpError('not_found:member', memberMessages.notFound);
    return updated;
  }

  /**
   * Reads the member inside the transaction; on PostgreSQL it also locks every admin's row, so two
   * admins demoting each other at once cannot both pass the last-admin check (SQLite runs one
   * writing transaction at a time).
   */
  private async lockedUser(trx: Transaction<Database>, memberId: string) {
    if (this.database.dialect === 'postgres') {
      await trx.selectFrom('users').select('id').where('role', '=', 'admin').forUpdate().execute();
      return trx
        .selectFrom('users')
        .select(['id', 'email', 'role', 'deactivated_at'])
        .where('id', '=', memberId)
        .forUpdate()
        .executeTakeFirst();
    }
    return trx
      .selectFrom('users')
      .select(['id', 'email', 'role', 'deactivated_at'])
      .where('id', '=', memberId)
      .executeTakeFirst();
  }

  private async activeAdmins(trx: Transaction<Database>): Promise<number> {
    const rows = await trx
      .selectFrom('users')
      .select(['email', 'role'])
      .where('deactivated_at', 'is', null)
      .where((eb) =>
        this.accounts.adminEmails.size > 0
          ? eb.or([eb('role', '=', 'admin'), eb('email', 'in', [...this.accounts.adminEmails])])
          : eb('role', '=', 'admin'),
      )
      .execute();
    return rows.length;
  }
}
