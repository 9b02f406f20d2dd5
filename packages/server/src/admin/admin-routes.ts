import { ORG_ROLES, type OrgSharedKind } from '@parley/core/sync-client';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { AccountService } from '../auth/account-service';
import { requireUser, type AuthEnv } from '../auth/require-user';
import { requireRole } from '../auth/roles';
import { withUserErrors } from '../auth/user-error';
import type { OpenDatabase } from '../db';
import { HttpError } from '../http/errors';
import type { JsonBounds } from '../http/json-bounds';
import { limitedBody } from '../http/route-guards';
import { readJsonBody } from '../http/read-json-body';
import { AUDIT_PAGE_MAX, readAudit } from './audit-log';
import { Invites } from './invites';
import { MemberAdmin } from './member-admin';
import { SharedContent } from './shared-content';

export type AdminRoutesDeps = {
  accounts: AccountService;
  database: OpenDatabase;
  clock?: (() => number) | undefined;
  /** SIGNUP=invite-only (AD7): told to the Members tab. */
  inviteOnly?: boolean | undefined;
};

const AuditQuerySchema = z.object({
  before: z.string().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_MAX).optional(),
  // AD3: letters, digits, dots and dashes only, so the filter holds no LIKE wildcard.
  action: z
    .string()
    .regex(/^[a-z0-9.-]{1,100}$/i)
    .optional(),
});

const MemberChangeSchema = z
  .object({ role: z.enum(ORG_ROLES).optional(), deactivated: z.boolean().optional() })
  .strict()
  .refine((change) => change.role !== undefined || change.deactivated !== undefined, {
    message: 'give a role or deactivated',
  });

const InviteSchema = z
  .object({
    email: z.string().trim().toLowerCase().max(254).pipe(z.email()),
    role: z.enum(ORG_ROLES).default('member'),
  })
  .strict();

/** AD8: any JSON object; the entity parser judges it (shared-content.ts). */
const SharedBodySchema = z.record(z.string(), z.unknown());
/** A shared agent or prompt: a long instruction, examples, an avatar picture; well under sync's limits. */
const SHARED_BOUNDS: JsonBounds = {
  maxDepth: 16,
  maxItems: 1_000,
  maxStringLength: 512 * 1024,
  maxValues: 20_000,
};
const SHARED_MAX_BYTES = 1024 * 1024;

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

function sharedKind(c: Context): OrgSharedKind {
  const kind = c.req.param('kind');
  if (kind === 'agents' || kind === 'prompts') return kind;
  throw new HttpError('not_found:route', `No route for ${c.req.method} ${c.req.path}`);
}

/**
 * The admin panel's routes and the member's read of shared content (src/admin/SPEC.md): every one
 * checks the caller's role on the server (AU11); every change is in the audit log (AD1).
 */
export function adminRoutes({
  accounts,
  database,
  clock = Date.now,
  inviteOnly = false,
}: AdminRoutesDeps): Hono<AuthEnv> {
  const routes = new Hono<AuthEnv>();
  const signedIn = requireUser(accounts);
  const admin = [signedIn, requireRole('admin')] as const;
  const content = [signedIn, requireRole('admin', 'content-moderator')] as const;
  const members = new MemberAdmin(database, accounts, clock);
  const invites = new Invites(database.db, clock);
  const shared = new SharedContent(database.db, clock);
  const sharedBody = limitedBody(
    SHARED_MAX_BYTES,
    () => new HttpError('payload_too_large:body', 'A shared agent or prompt is at most 1 MB.'),
  );

  routes.get(
    '/admin/audit',
    ...admin,
    withUserErrors(async (c) => {
      const query = parseQuery(AuditQuerySchema, c.req.query());
      return c.json(await readAudit(database.db, query));
    }),
  );

  routes.get(
    '/admin/members',
    ...admin,
    withUserErrors(async (c) =>
      c.json({
        members: await members.list(),
        seats: await members.seats(),
        invites: await invites.pending(),
        inviteOnly,
      }),
    ),
  );
  routes.post(
    '/admin/members/:id',
    ...admin,
    withUserErrors(async (c) => {
      const change = await readJsonBody(c, MemberChangeSchema);
      const member = await members.change(c.get('user').id, c.req.param('id') ?? '', change);
      return c.json({ member });
    }),
  );

  routes.post(
    '/admin/invites',
    ...admin,
    withUserErrors(async (c) => {
      const body = await readJsonBody(c, InviteSchema);
      return c.json(await invites.create(c.get('user').id, body.email, body.role));
    }),
  );
  routes.delete(
    '/admin/invites/:id',
    ...admin,
    withUserErrors(async (c) => {
      await invites.revoke(c.get('user').id, c.req.param('id') ?? '');
      return c.json({ ok: true });
    }),
  );

  // AD10: what every signed-in member's app pulls and shows read-only.
  routes.get(
    '/org/shared',
    signedIn,
    withUserErrors(async (c) => c.json(await shared.list())),
  );
  routes.get(
    '/admin/shared',
    ...content,
    withUserErrors(async (c) => c.json(await shared.list())),
  );
  routes.post(
    '/admin/shared/:kind',
    ...content,
    sharedBody,
    withUserErrors(async (c) => {
      const kind = sharedKind(c);
      const body = await readJsonBody(c, SharedBodySchema, SHARED_BOUNDS);
      return c.json({ shared: await shared.create(c.get('user').id, kind, body) });
    }),
  );
  routes.put(
    '/admin/shared/:kind/:id',
    ...content,
    sharedBody,
    withUserErrors(async (c) => {
      const kind = sharedKind(c);
      const body = await readJsonBody(c, SharedBodySchema, SHARED_BOUNDS);
      return c.json({ shared: await shared.update(c.get('user').id, kind, c.req.param('id') ?? '', body) });
    }),
  );
  routes.delete(
    '/admin/shared/:kind/:id',
    ...content,
    withUserErrors(async (c) => {
      await shared.remove(c.get('user').id, sharedKind(c), c.req.param('id') ?? '');
      return c.json({ ok: true });
    }),
  );
  return routes;
}
