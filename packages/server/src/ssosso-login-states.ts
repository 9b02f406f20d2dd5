import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** SSO2: how long a sign-in may take between the redirect to the provider and its callback. */
export const SSO_STATE_LIFETIME_MS = 10 * 60 * 1000;

export type LoginState = { codeVerifier: string; nonce: string; returnTo: string };

function stateHash(state: string): string {
  return createHash('sha256').update(state).digest('base64url');
}

/**
 * Sign-ins under way, in the database so that the callback may reach any server process (SSO2).
 * The state is stored hashed: a copy of the table does not let anyone finish someone's sign-in.
 */
export class SsoLoginStates {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: () => number,
  ) {}

  async save(state: string, login: LoginState): Promise<void> {
    const now = this.clock();
    // Expired rows of abandoned sign-ins go as new ones come: the table stays small.
    await this.db.deleteFrom('sso_login_states').where('expires_at', '<=', now).execute();
    await this.db
      .insertInto('sso_login_states')
      .values({
        state_hash: stateHash(state),
        code_verifier: login.codeVerifier,
        nonce: login.nonce,
        return_to: login.returnTo,
        created_at: now,
        expires_at: now + SSO_STATE_LIFETIME_MS,
      })
      .execute();
  }

  /** Takes the sign-in of `state` (single use: deleted whether or not it is still valid). */
  async take(state: string): Promise<LoginState | 'expired' | undefined> {
    const row = await this.db
      .deleteFrom('sso_login_states')
      .where('state_hash', '=', stateHash(state))
      .returning(['code_verifier', 'nonce', 'return_to', 'expires_at'])
      .executeTakeFirst();
    if (!row) return undefined;
    if (row.expires_at <= this.clock()) return 'expired';
    return { codeVerifier: row.code_verifier, nonce: row.nonce, returnTo: row.return_to };
  }
}
