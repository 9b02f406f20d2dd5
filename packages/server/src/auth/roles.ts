import type { MiddlewareHandler } from 'hono';
import { HttpError } from '../http/errors';
import type { AuthEnv } from './require-user';
import { sendUserError } from './user-error';

/**
 * Roles on this server (issue #37; the server is the organisation). A member uses Parley; a
 * content-moderator also manages the organisation's shared agents and prompts; an admin manages
 * everything (members, models, usage, audit log). AU10, AU11 in `src/sync/SPEC.md`.
 */
export const ROLES = ['member', 'content-moderator', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** A stored role; anything unknown (a newer server's role, a hand-edited row) reads as member. */
export function parseRole(value: string | null | undefined): Role {
  return (ROLES as readonly string[]).includes(value ?? '') ? (value as Role) : 'member';
}

/**
 * The role a request acts with: `admin` for an email the operator lists in ADMIN_EMAILS (so a new
 * server always has an admin, and the list wins over the stored role), else the stored one.
 */
export function effectiveRole(stored: string, email: string, adminEmails: ReadonlySet<string>): Role {
  return adminEmails.has(email.toLowerCase()) ? 'admin' : parseRole(stored);
}

/** Parses ADMIN_EMAILS: comma- or space-separated, lower-cased, blanks ignored. */
export function parseAdminEmails(text: string | undefined): Set<string> {
  return new Set(
    (text ?? '')
      .split(/[\s,]+/)
      .map((email) => email.trim().toLowerCase())
      .filter((email) => email.length > 0),
  );
}

export const roleMessages = {
  forbidden: 'You do not have permission to do this. Ask an admin of your organisation.',
} as const;

/**
 * After `requireUser`: lets the request through only when the caller holds one of `roles`
 * (403 `forbidden:role` otherwise, AU11). Every admin route mounts it; the check is on the server.
 */
export function requireRole(...roles: readonly Role[]): MiddlewareHandler<AuthEnv> {
  return async (c, next) => {
    if (!roles.includes(c.get('user').role)) {
      return sendUserError(c, new HttpError('forbidden:role', roleMessages.forbidden));
    }
    await next();
  };
}
