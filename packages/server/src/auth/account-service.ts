import { randomUUID } from 'node:crypto';
import type { CloudUser, Credentials, HostedUserSelf } from '@parley/core/sync';
import { isUniqueViolation, type OpenDatabase } from '../db';
import { HttpError } from '../http/errors';
import { hashCloudToken, looksLikeCloudToken, newCloudToken } from './auth-token';
import { decoyPasswordHash, hashPassword, verifyPassword } from './password-hash';

/** The caller of an authenticated request. */
export type AuthUser = {
  id: string;
  email: string;
  createdAt: number;
  /** SHA-256 of the token the request presented (logout revokes it). */
  tokenHash: string;
};

export type AccountServiceDeps = {
  database: OpenDatabase;
  /** Storage quota given to new accounts (USER_LIMIT_USAGE_BYTES). */
  defaultLimitUsageBytes: number;
  clock?: () => number;
};

export const accountMessages = {
  emailTaken: 'An account with this email already exists.',
  badCredentials: 'Incorrect email or password.',
} as const;

/** Accounts and their cloud tokens (rules AU1-AU6 in src/sync/SPEC.md). */
export class AccountService {
  private readonly db;
  private readonly clock;

  constructor(private readonly deps: AccountServiceDeps) {
    this.db = deps.database.db;
    this.clock = deps.clock ?? Date.now;
  }

  async signup(credentials: Credentials): Promise<{ token: string; user: CloudUser }> {
    const passwordHash = await hashPassword(credentials.password);
    const user = { id: randomUUID(), email: credentials.email, created_at: this.clock() };
    try {
      await this.db
        .insertInto('users')
        .values({ ...user, password_hash: passwordHash, limit_usage_bytes: this.deps.defaultLimitUsageBytes })
        .execute();
    } catch (error) {
      if (isUniqueViolation(error)) throw new HttpError('conflict:auth_email', accountMessages.emailTaken);
      throw error;
    }
    return { token: await this.issueToken(user.id), user: cloudUser(user) };
  }

  async login(credentials: Credentials): Promise<{ token: string; user: CloudUser }> {
    const row = await this.db
      .selectFrom('users')
      .select(['id', 'email', 'created_at', 'password_hash'])
      .where('email', '=', credentials.email)
      .executeTakeFirst();
    const matches = await verifyPassword(
      credentials.password,
      row?.password_hash ?? (await decoyPasswordHash()),
    );
    if (!row || !matches) throw new HttpError('unauthorized:credentials', accountMessages.badCredentials);
    return { token: await this.issueToken(row.id), user: cloudUser(row) };
  }

  /** The user of a live token, or undefined for an unknown, malformed or revoked one. */
  async authenticate(token: string): Promise<AuthUser | undefined> {
    if (!looksLikeCloudToken(token)) return undefined;
    const tokenHash = hashCloudToken(token);
    const row = await this.db
      .selectFrom('auth_tokens')
      .innerJoin('users', 'users.id', 'auth_tokens.user_id')
      .select(['users.id', 'users.email', 'users.created_at'])
      .where('auth_tokens.token_hash', '=', tokenHash)
      .where('auth_tokens.revoked_at', 'is', null)
      .executeTakeFirst();
    return row && { id: row.id, email: row.email, createdAt: row.created_at, tokenHash };
  }

  async revoke(tokenHash: string): Promise<void> {
    await this.db
      .updateTable('auth_tokens')
      .set({ revoked_at: this.clock() })
      .where('token_hash', '=', tokenHash)
      .where('revoked_at', 'is', null)
      .execute();
  }

  async self(user: AuthUser): Promise<HostedUserSelf> {
    const usage = await this.usage(user.id);
    return {
      user: cloudUser({ id: user.id, email: user.email, created_at: user.createdAt }),
      ...usage,
      isPaid: false,
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

  private async issueToken(userId: string): Promise<string> {
    const token = newCloudToken();
    await this.db
      .insertInto('auth_tokens')
      .values({
        token_hash: hashCloudToken(token),
        user_id: userId,
        created_at: this.clock(),
        revoked_at: null,
      })
      .execute();
    return token;
  }
}

function cloudUser(row: { id: string; email: string; created_at: number }): CloudUser {
  return { id: row.id, email: row.email, createdAt: new Date(row.created_at).toISOString() };
}
