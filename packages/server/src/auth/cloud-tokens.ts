import type { Kysely } from 'kysely';
import type { Database } from '../db';
import { compiledOnce } from '../db/compiled-query';
import { hashCloudToken, looksLikeCloudToken, newCloudToken } from './auth-token';

const DAY_MS = 24 * 60 * 60 * 1000;

/** How long tokens live and when they are replaced (rules AU7-AU9 in src/sync/SPEC.md). */
export type TokenSettings = {
  /** A token unused this long is dead (sliding: every use moves the end). Spec section 7: 180 days. */
  lifetimeMs: number;
  /** A token older than this gets a successor on its next use. */
  rotateAfterMs: number;
  /** How long a replaced token keeps working after its successor's first use (requests in flight). */
  graceMs: number;
};

export const DEFAULT_TOKEN_SETTINGS: TokenSettings = {
  lifetimeMs: 180 * DAY_MS,
  rotateAfterMs: DAY_MS,
  graceMs: 5 * 60 * 1000,
};

/** Uses are written at most this often, so a busy device does not write on every request. */
const USE_WRITE_INTERVAL_MS = 60 * 60 * 1000;
/** A successor is issued at most this often per token, whether or not the client took the last one. */
const ROTATION_RETRY_MS = 10 * 60 * 1000;

/** The token and its account in one query, compiled once: every authenticated request asks it. */
const tokenWithAccount = compiledOnce((db, tokenHash: string) =>
  db
    .selectFrom('auth_tokens')
    .innerJoin('users', 'users.id', 'auth_tokens.user_id')
    .select([
      'auth_tokens.user_id',
      'auth_tokens.created_at',
      'auth_tokens.revoked_at',
      'auth_tokens.last_used_at',
      'auth_tokens.replaced_at',
      'auth_tokens.replaces',
      'users.email',
      'users.created_at as user_created_at',
      'users.role',
      'users.deactivated_at',
    ])
    .where('auth_tokens.token_hash', '=', tokenHash),
);

/** A live token's account (read with the token in one query) and its successor, if one was issued. */
export type TokenCheck = {
  userId: string;
  email: string;
  userCreatedAt: number;
  /** The stored role (`auth/roles.ts` reads it). */
  role: string;
  tokenHash: string;
  successor?: string;
};

/** Issue, check, slide, rotate and revoke cloud tokens. Only SHA-256 hashes are stored (AU3). */
export class CloudTokens {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly settings: TokenSettings,
    private readonly clock: () => number,
  ) {}

  async issue(userId: string, replaces: string | null = null): Promise<string> {
    const token = newCloudToken();
    await this.db
      .insertInto('auth_tokens')
      .values({
        token_hash: hashCloudToken(token),
        user_id: userId,
        created_at: this.clock(),
        revoked_at: null,
        last_used_at: null,
        replaced_at: null,
        replaces,
      })
      .execute();
    return token;
  }

  /**
   * The token's user when it is live (AU7): not revoked (or within its grace), used within the
   * lifetime. A live use slides the lifetime, retires the token this one replaced, and, when
   * the token is old enough, issues its successor (AU8), which the caller hands to the client.
   */
  async check(token: string): Promise<TokenCheck | undefined> {
    if (!looksLikeCloudToken(token)) return undefined;
    const now = this.clock();
    const tokenHash = hashCloudToken(token);
    const [row] = await tokenWithAccount(this.db, tokenHash);
    if (!row) return undefined;
    // AU10: a deactivated account's tokens stop working at once (its data stays).
    if (row.deactivated_at !== null) return undefined;
    if (row.revoked_at !== null && row.revoked_at <= now) return undefined;
    if ((row.last_used_at ?? row.created_at) + this.settings.lifetimeMs <= now) return undefined;

    if (row.last_used_at === null || now - row.last_used_at >= USE_WRITE_INTERVAL_MS) {
      await this.db
        .updateTable('auth_tokens')
        .set({ last_used_at: now })
        .where('token_hash', '=', tokenHash)
        .execute();
    }
    if (row.last_used_at === null && row.replaces !== null) await this.retire(row.replaces, now);

    const check: TokenCheck = {
      userId: row.user_id,
      email: row.email,
      userCreatedAt: row.user_created_at,
      role: row.role,
      tokenHash,
    };
    // The row says whether a successor was issued lately: only then is the claim (a write) tried.
    const rotationDue =
      row.revoked_at === null &&
      now - row.created_at >= this.settings.rotateAfterMs &&
      (row.replaced_at === null || row.replaced_at <= now - ROTATION_RETRY_MS);
    if (rotationDue) {
      const successor = await this.rotate(tokenHash, row.user_id, now);
      if (successor) check.successor = successor;
    }
    return check;
  }

  /** Issues a successor unless one was issued lately (two requests at once rotate once). */
  private async rotate(tokenHash: string, userId: string, now: number): Promise<string | undefined> {
    const claimed = await this.db
      .updateTable('auth_tokens')
      .set({ replaced_at: now })
      .where('token_hash', '=', tokenHash)
      .where((eb) => eb.or([eb('replaced_at', 'is', null), eb('replaced_at', '<=', now - ROTATION_RETRY_MS)]))
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) return undefined;
    return this.issue(userId, tokenHash);
  }

  /** The replaced token stops after the grace; a revoked one stays revoked. */
  private async retire(tokenHash: string, now: number): Promise<void> {
    await this.db
      .updateTable('auth_tokens')
      .set({ revoked_at: now + this.settings.graceMs })
      .where('token_hash', '=', tokenHash)
      .where('revoked_at', 'is', null)
      .execute();
  }

  async revoke(tokenHash: string): Promise<void> {
    const now = this.clock();
    await this.db
      .updateTable('auth_tokens')
      .set({ revoked_at: now })
      .where('token_hash', '=', tokenHash)
      .where((eb) => eb.or([eb('revoked_at', 'is', null), eb('revoked_at', '>', now)]))
      .execute();
  }

  /** Sign out everywhere (AU9): every token of the user stops now. */
  async revokeAll(userId: string): Promise<number> {
    const now = this.clock();
    const result = await this.db
      .updateTable('auth_tokens')
      .set({ revoked_at: now })
      .where('user_id', '=', userId)
      .where((eb) => eb.or([eb('revoked_at', 'is', null), eb('revoked_at', '>', now)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }
}
