import { Hono } from 'hono';
import { z } from 'zod';
import type { AccountService } from '../auth/account-service';
import { requireUser, type AuthEnv } from '../auth/require-user';
import { requireRole } from '../auth/roles';
import { withUserErrors } from '../auth/user-error';
import type { OpenDatabase } from '../db';
import { HttpError } from '../http/errors';
import { AUDIT_PAGE_MAX, readAudit } from './audit-log';

export type AdminRoutesDeps = { accounts: AccountService; database: OpenDatabase };

const AuditQuerySchema = z.object({
  before: z.string().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_MAX).optional(),
  // AD3: letters, digits, dots and dashes only, so the filter holds no LIKE wildcard.
  action: z
    .string()
    .regex(/^[a-z0-9.-]{1,100}$/i)
    .optional(),
});

function parseQuery<Schema extends z.ZodType>(
  schema: Schema,
  query: Record<string, string>,
): z.infer<Schema> {
  const parsed = schema.safeParse(query);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new HttpError(
    'bad_request:body',
    `Invalid query. ${issue?.path.join('.') ?? ''}: ${issue?.message ?? ''}`,
  );
}

/** The admin panel's routes (src/admin/SPEC.md): every one checks the caller's role on the server (AU11). */
export function adminRoutes({ accounts, database }: AdminRoutesDeps): Hono<AuthEnv> {
  const routes = new Hono<AuthEnv>();
  const admin = [requireUser(accounts), requireRole('admin')] as const;

  routes.get(
    '/admin/audit',
    ...admin,
    withUserErrors(async (c) => {
      const query = parseQuery(AuditQuerySchema, c.req.query());
      return c.json(await readAudit(database.db, query));
    }),
  );
  return routes;
}
