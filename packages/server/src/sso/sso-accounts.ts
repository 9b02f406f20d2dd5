import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { recordAudit } from '../admin/audit-log';
import { isUniqueViolation } from '../db';
import type { Database } from '../db/schema';
import type { Role } from '../auth/roles';
import type { OidcSettings, RoleClaim } from './sso-settings';

/**
 * SSO7: the password hash of an account made by single sign-on (or SCIM). It is no scrypt hash,
 * so `verifyPassword` rejects every password for it: a password sign-in to the account fails
 * with the usual message, and only the identity provider lets its owner in.
 */
export const NO_PASSWORD_HASH = 'sso-only';

export type SsoRefusal = 'unverified' | 'domain' | 'deactivated';

export type SsoAccount =
  | { ok: true; userId: string; email: string; created: boolean; linked: boolean }
  | { ok: false; reason: SsoRefusal; detail: string };

/** SSO5: the email must be verified by the provider, and of an allowed domain when any are set. */
export function checkEmail(
  claims: Record<string, unknown>,
  allowedDomains: readonly string[],
): { ok: true; email: string } | { ok: false; reason: SsoRefusal; detail: string } {
  const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
  // `email_verified` as the standard says, as a string (some providers), or Entra ID's `xms_edov`.
  const verified =
    claims.email_verified === true || claims.email_verified === 'true' || claims.xms_edov === true;
  if (!email || !verified)
    return {
      ok: false,
      reason: 'unverified',
      detail: `no verified email (email_verified: ${String(claims.email_verified)})`,
    };
  const domain = email.slice(email.lastIndexOf('@') + 1);
  if (allowedDomains.length > 0 && !allowedDomains.includes(domain))
    return { ok: false, reason: 'domain', detail: `domain ${domain} is not in OIDC_ALLOWED_DOMAINS` };
  return { ok: true, email };
}

function claimHolds(claims: Record<string, unknown>, rule: RoleClaim | undefined): boolean {
  if (!rule) return false;
  const value = claims[rule.claim];
  if (Array.isArray(value)) return value.includes(rule.value);
  if (typeof value === 'string') return value === rule.value || value.split(/[\s,]+/).includes(rule.value);
  return value === true && rule.value === 'true';
}

/** SSO6: the role the provider's claims give; undefined when no role claim is configured. */
export function roleFromClaims(claims: Record<string, unknown>, settings: OidcSettings): Role | undefined {
  if (!settings.adminClaim && !settings.moderatorClaim) return undefined;
  if (claimHolds(claims, settings.adminClaim)) return 'admin';
  if (claimHolds(claims, settings.moderatorClaim)) return 'content-moderator';
  return 'member';
}

/**
 * SSO4 (decision 0110): the account an identity signs in to. Known issuer+subject: its account.
 * Else an account with the same (verified, allowed) email is linked to it, keeping its data and
 * its password; else a new account without a password is made. A deactivated account is refused.
 */
export async function accountForIdentity(
  db: Kysely<Database>,
  identity: {
    issuer: string;
    subject: string;
    email: string;
    name: string | undefined;
    role: Role | undefined;
  },
  options: { defaultLimitUsageBytes: number; now: number },
): Promise<SsoAccount> {
  const { issuer, subject, email, now } = { ...identity, ...options };
  const known = await db
    .selectFrom('user_identities')
    .innerJoin('users', 'users.id', 'user_identities.user_id')
    .select(['users.id', 'users.email', 'users.deactivated_at'])
    .where('issuer', '=', issuer)
    .where('subject', '=', subject)
    .executeTakeFirst();
  let result: SsoAccount;
  if (known) {
    if (known.deactivated_at !== null)
      return { ok: false, reason: 'deactivated', detail: 'account deactivated' };
    await db
      .updateTable('user_identities')
      .set({ last_login_at: now, email })
      .where('issuer', '=', issuer)
      .where('subject', '=', subject)
      .execute();
    result = { ok: true, userId: known.id, email: known.email, created: false, linked: false };
  } else {
    const existing = await db
      .selectFrom('users')
      .select(['id', 'email', 'deactivated_at'])
      .where('email', '=', email)
      .executeTakeFirst();
    if (existing?.deactivated_at != null)
      return { ok: false, reason: 'deactivated', detail: 'account deactivated' };
    const userId = existing?.id ?? randomUUID();
    try {
      await db.transaction().execute(async (trx) => {
        if (!existing) {
          await trx
            .insertInto('users')
            .values({
              id: userId,
              email,
              password_hash: NO_PASSWORD_HASH,
              created_at: now,
              limit_usage_bytes: options.defaultLimitUsageBytes,
              display_name: identity.name ?? null,
            })
            .execute();
        }
        await trx
          .insertInto('user_identities')
          .values({ issuer, subject, user_id: userId, email, created_at: now, last_login_at: now })
          .execute();
        await recordAudit(
          trx,
          {
            actorId: null,
            action: existing ? 'sso.user.linked' : 'sso.user.created',
            target: email,
            details: { issuer },
          },
          () => now,
        );
      });
    } catch (error) {
      // Two first sign-ins of one person at once: the other one made the link; sign in through it.
      if (isUniqueViolation(error)) return accountForIdentity(db, identity, options);
      throw error;
    }
    result = { ok: true, userId, email, created: !existing, linked: !!existing };
  }
  if (identity.role) {
    const before = await db
      .selectFrom('users')
      .select('role')
      .where('id', '=', result.userId)
      .executeTakeFirst();
    if (before && before.role !== identity.role) {
      await db.updateTable('users').set({ role: identity.role }).where('id', '=', result.userId).execute();
      await recordAudit(
        db,
        {
          actorId: null,
          action: 'sso.user.role',
          target: result.email,
          details: { from: before.role, to: identity.role },
        },
        () => now,
      );
    }
  }
  return result;
}
