import { randomUUID } from 'node:crypto';
import type { CloudUser, Credentials, HostedUserSelf } from '@parley/core/sync';
import type { Kysely } from 'kysely';
import { isUniqueViolation, type Database, type OpenDatabase } from '../db';
import { HttpError } from '../http/errors';
import { CloudTokens, DEFAULT_TOKEN_SETTINGS, type TokenSettings } from './cloud-tokens';
import { effectiveRole, type Role } from './roles';
import { decoyPasswordHash, hashPassword, verifyPassword } from './password-hash';

/** The caller of an authenticated request. */
export type AuthUser = {
  id: string;
  email: string;
  createdAt: number;
  /** What the caller may do on this server (AU10). */
  role: Role;
  /** SHA-256 of the token the request presented (logout revokes it). */
  tokenHash: string;
  /** A new token replacing the presented one (AU8): the answer hands it to the client. */
  successor?: string;
};

export type AccountServiceDeps = {
  database: OpenDatabase;
  /** Storage quota given to new accounts (USER_LIMIT_USAGE_BYTES). */
  defaultLimitUsageBytes: number;
  clock?: () => number;
  /** Token lifetime and rotation (CLOUD_TOKEN_LIFETIME_DAYS, CLOUD_TOKEN_ROTATE_HOURS). */
  tokens?: Partial<TokenSettings>;
  /** ADMIN_EMAILS, lower-cased: these accounts act as admins whatever their stored role (AU10). */
  adminEmails?: ReadonlySet<string>;
  /** Invitations at sign-up (admin SPEC AD7); omitted: anyone may sign up, an invitation is refused. */
  signupInvites?: SignupInvites;
};

/** How sign-up uses invitations (src/admin/invites.ts). */
export type SignupInvites = {
  /** SIGNUP=invite-only: no sign-up without a live invitation for that email. */
  inviteOnly: boolean;
  /** Uses up the invitation inside the sign-up's transaction: the new account's role, or undefined. */
  consume(db: Kysely<Database>, token: string, email: string, userId: string): Promise<Role | undefined>;
};

export const accountMessages = {
  emailTaken: 'An account with this email already exists.',
  badCredentials: 'Incorrect email or password.',
  deactivated: 'This account has been deactivated. Ask an admin of your organisation.',
  signupClosed:
    'Sign-up on this server is by invitation only. Ask an admin of your organisation for an invitation link.',
  inviteInvalid:
    'This invitation link does not work: it was used, revoked or has expired, or it is for another email. Ask an admin of your organisation for a new one.',
} as const;

/** Accounts and their cloud tokens (rules AU1-AU6 in src/sync/SPEC.md). */
export class AccountService {
  private readonly db;
  private readonly clock;
  readonly tokens: CloudTokens;
  readonly tokenSettings: TokenSettings;
  readonly adminEmails: ReadonlySet<string>;

  constructor(private readonly deps: AccountServiceDeps) {
    this.db = deps.database.db;
    this.clock = deps.clock ?? Date.now;
    this.tokenSettings = { ...DEFAULT_TOKEN_SETTINGS, ...deps.tokens };
    this.adminEmails = deps.adminEmails ?? new Set();
    this.tokens = new CloudTokens(this.db, this.tokenSettings, this.clock);
  }

  /**
   * A new account (AU1). With an invitation (AD7) the account gets its role and the invitation is
   * used up in the same transaction; SIGNUP=invite-only refuses a sign-up without one.
   */
  async signup(credentials: Credentials, invite?: string): Promise<{ token: string; user: CloudUser }> {
    const invites = this.deps.signupInvites;
    if (invite === undefined && invites?.inviteOnly)
      throw new HttpError('forbidden:signup_closed', accountMessages.signupClosed);
    if (invite !== undefined && !invites)
      throw new HttpError('forbidden:signup_closed', accountMessages.inviteInvalid);
    const passwordHash = await hashPassword(credentials.password);
    const user = { id: randomUUID(), email: credentials.email, created_at: this.clock() };
    try {
      await this.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('users')
          .values({
            ...user,
            password_hash: passwordHash,
            limit_usage_bytes: this.deps.defaultLimitUsageBytes,
          })
          .execute();
        if (invite === undefined || !invites) return;
        const role = await invites.consume(trx, invite, credentials.email, user.id);
        if (!role) throw new HttpError('forbidden:signup_closed', accountMessages.inviteInvalid);
        if (role !== 'member')
          await trx.updateTable('users').set({ role }).where('id', '=', user.id).execute();
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new HttpError('conflict:auth_email', accountMessages.emailTaken);
      throw error;
    }
    return { token: await this.issueToken(user.id), user: cloudUser(user) };
  }

  async login(credentials: Credentials): Promise<{ token: string; user: CloudUser }> {
    const row = await this.db
      .selectFrom('users')
      .select(['id', 'email', 'created_at', 'password_hash', 'deactivated_at'])
      .where('email', '=', credentials.email)
      .executeTakeFirst();
    const matches = await verifyPassword(
      credentials.password,
      row?.password_hash ?? (await decoyPasswordHash()),
    );
    if (!row || !matches) throw new HttpError('unauthorized:credentials', accountMessages.badCredentials);
    // Told only to the holder of the right password, so it reveals nothing to a guesser (AU10).
    if (row.deactivated_at !== null)
      throw new HttpError('forbidden:deactivated', accountMessages.deactivated);
    return { token: await this.issueToken(row.id), user: cloudUser(row) };
  }

  /** The user of a live token, or undefined for an unknown, malformed, expired or revoked one. */
  async authenticate(token: string): Promise<AuthUser | undefined> {
    const check = await this.tokens.check(token);
    if (!check) return undefined;
    const user: AuthUser = {
      id: check.userId,
      email: check.email,
      createdAt: check.userCreatedAt,
      role: effectiveRole(check.role, check.email, this.adminEmails),
      tokenHash: check.tokenHash,
    };
    if (check.successor) user.successor = check.successor;
    return user;
  }

  revoke(tokenHash: string): Promise<void> {
    return this.tokens.revoke(tokenHash);
  }

  /** Sign out everywhere: every token of the user, on every device, stops working (AU9). */
  revokeAll(userId: string): Promise<number> {
    return this.tokens.revokeAll(userId);
  }

  private selfExtras: ((user: AuthUser) => Promise<Partial<HostedUserSelf>>) | undefined;

  /** Adds fields to `self` (the organisation's models add the member's plan, HM10). */
  extendSelf(extras: (user: AuthUser) => Promise<Partial<HostedUserSelf>>): void {
    this.selfExtras = extras;
  }

  async self(user: AuthUser): Promise<HostedUserSelf> {
    const usage = await this.usage(user.id);
    return {
      user: cloudUser({ id: user.id, email: user.email, created_at: user.createdAt }),
      ...usage,
      isPaid: false,
      role: user.role,
      ...(this.selfExtras && (await this.selfExtras(user))),
    };
  }

  async usage(userId: string): Promise<{ totalUsageBytes: number; limitUsageBytes: number }> {
    const row = await this.db
      .selectFrom('users')
      .select(['total_usage_bytes', 'limit_usage_bytes'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    return { totalUsageBytes: row.total_usage_bytes, limitUsageBytes: row.limit_usage_bytes };
  }

  private issueToken(userId: string): Promise<string> {
    return this.tokens.issue(userId);
  }
}

function cloudUser(row: { id: string; email: string; created_at: number }): CloudUser {
  return { id: row.id, email: row.email, createdAt: new Date(row.created_at).toISOString() };
}
