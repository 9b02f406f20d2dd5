import {
  HostedCompletionRequestSchema,
  HostedLimitsSchema,
  HostedModelInputSchema,
  HostedModelPatchSchema,
  HostedProviderInputSchema,
  HostedProviderPatchSchema,
  type HostedPlan,
} from '@parley/core/hosted';
import { Hono, type Context } from 'hono';
import type { Kysely } from 'kysely';
import type { AccountService } from '../auth/account-service';
import { requireUser, type AuthEnv } from '../auth/require-user';
import { requireRole } from '../auth/roles';
import { withUserErrors } from '../auth/user-error';
import type { Database } from '../db/schema';
import { HttpError } from '../http/errors';
import {
  findBrokenJsonBound,
  SMALL_JSON_BOUNDS,
  SYNC_JSON_BOUNDS,
  type JsonBounds,
} from '../http/json-bounds';
import { isJsonContentType } from '../http/read-json-body';
import { limitedBody } from '../http/route-guards';
import type { Logger } from '../http/logger';
import { HostedCatalogue, type HostedSettings } from './hosted-catalogue';
import { limitsOf, ORGANISATION_SCOPE, usedBy, userScope } from './hosted-limits-store';
import { relayCompletion } from './hosted-relay';
import { hostedDb } from './hosted-tables';
import { usageReport } from './hosted-usage';

/** The relay's request: 32 MB of JSON holds a long chat with a few images as data URLs. */
export const RELAY_BODY_LIMIT_BYTES = 32 * 1024 * 1024;
const ADMIN_BODY_LIMIT_BYTES = 64 * 1024;

type Parser<T> = {
  safeParse(
    value: unknown,
  ):
    | { success: true; data: T }
    | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
};

/** Reads a JSON body with a core schema (JB1-JB3 as every route: type, bounds, then the schema). */
async function readBody<T>(
  c: Context,
  schema: Parser<T>,
  bounds: JsonBounds = SMALL_JSON_BOUNDS,
): Promise<T> {
  if (!isJsonContentType(c.req.header('content-type')))
    throw new HttpError('unsupported_media_type:body', 'The request body must be application/json.');
  const text = await c.req.text();
  const broken = findBrokenJsonBound(text, bounds);
  if (broken)
    throw new HttpError(
      broken.bound === 'maxDepth' ? 'bad_request:body' : 'payload_too_large:body',
      `The request body is refused: ${broken.message}.`,
    );
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new HttpError('bad_request:body', 'The request body is not valid JSON.');
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? `${issue.path.map(String).join('.')}: ` : '';
    throw new HttpError('bad_request:body', `Invalid request body. ${where}${issue?.message ?? 'invalid'}`);
  }
  return parsed.data;
}

export type HostedRoutesDeps = {
  accounts: AccountService;
  db: Kysely<Database>;
  settings: HostedSettings;
  clock?: (() => number) | undefined;
  /** The provider calls' fetch (tests may pass their own); default: the global one. */
  fetch?: typeof fetch | undefined;
  log: Logger;
};

/**
 * `/api/hosted/models`, `/api/hosted/tm_completions` (members) and `/api/admin/hosted/*` (admins
 * only, HM3): thin routes over the catalogue, the relay and the usage report. Also adds the
 * member's plan to `GET /api/hosted/users/self` (HM10).
 */
export function hostedRoutes(deps: HostedRoutesDeps): Hono<AuthEnv> {
  const clock = deps.clock ?? Date.now;
  const catalogue = new HostedCatalogue(deps.db, deps.settings, clock);
  const db = hostedDb(deps.db);
  const routes = new Hono<AuthEnv>();
  const signedIn = requireUser(deps.accounts);

  deps.accounts.extendSelf(async (user) => ({ hosted: await planOf(user.id) }));
  async function planOf(userId: string): Promise<HostedPlan> {
    const now = clock();
    const limits = await limitsOf(db, userId);
    const offered = catalogue.keyring() !== undefined && (await catalogue.list()).models.length > 0;
    return {
      available: offered,
      limits: limits.member,
      used: await usedBy(db, userScope(userId), now),
      organisation: { limits: limits.organisation, used: await usedBy(db, ORGANISATION_SCOPE, now) },
    };
  }

  routes.get(
    '/hosted/models',
    signedIn,
    withUserErrors(async (c) => c.json(await catalogue.list())),
  );
  routes.post(
    '/hosted/tm_completions',
    limitedBody(
      RELAY_BODY_LIMIT_BYTES,
      () => new HttpError('payload_too_large:body', 'The request is over 32 MB.'),
    ),
    signedIn,
    withUserErrors(async (c) => {
      const body = await readBody(c, HostedCompletionRequestSchema, SYNC_JSON_BOUNDS);
      return relayCompletion(
        { catalogue, db, clock, fetch: deps.fetch ?? fetch, log: deps.log },
        c,
        c.get('user'),
        body,
      );
    }),
  );

  const admin = new Hono<AuthEnv>();
  admin.use(
    '*',
    limitedBody(
      ADMIN_BODY_LIMIT_BYTES,
      () => new HttpError('payload_too_large:body', 'The request is over 64 KB.'),
    ),
    signedIn,
    requireRole('admin'),
  );
  const actor = (c: Context<AuthEnv>) => c.get('user').id;
  admin.get(
    '/models',
    withUserErrors(async (c) => c.json(await catalogue.adminState())),
  );
  admin.post(
    '/providers',
    withUserErrors(async (c) =>
      c.json(await catalogue.addProvider(actor(c), await readBody(c, HostedProviderInputSchema)), 201),
    ),
  );
  admin.patch(
    '/providers/:id',
    withUserErrors(async (c) =>
      c.json(
        await catalogue.updateProvider(
          actor(c),
          c.req.param('id') ?? '',
          await readBody(c, HostedProviderPatchSchema),
        ),
      ),
    ),
  );
  admin.delete(
    '/providers/:id',
    withUserErrors(async (c) => {
      await catalogue.deleteProvider(actor(c), c.req.param('id') ?? '');
      return c.body(null, 204);
    }),
  );
  admin.post(
    '/models',
    withUserErrors(async (c) =>
      c.json(await catalogue.addModel(actor(c), await readBody(c, HostedModelInputSchema)), 201),
    ),
  );
  admin.patch(
    '/models/:id',
    withUserErrors(async (c) =>
      c.json(
        await catalogue.updateModel(
          actor(c),
          c.req.param('id') ?? '',
          await readBody(c, HostedModelPatchSchema),
        ),
      ),
    ),
  );
  admin.delete(
    '/models/:id',
    withUserErrors(async (c) => {
      await catalogue.deleteModel(actor(c), c.req.param('id') ?? '');
      return c.body(null, 204);
    }),
  );
  admin.put(
    '/limits/:scope',
    withUserErrors(async (c) => {
      const scope = c.req.param('scope') ?? '';
      if (scope !== 'organisation' && scope !== 'members' && !/^user:[\w-]{1,100}$/.test(scope))
        throw new HttpError('bad_request:body', 'The scope is organisation, members or user:<member id>.');
      return c.json(await catalogue.setLimits(actor(c), scope, await readBody(c, HostedLimitsSchema)));
    }),
  );
  admin.get(
    '/usage',
    withUserErrors(async (c) => {
      const days = Math.min(Math.max(Math.trunc(Number(c.req.query('days') ?? 30)) || 30, 1), 366);
      return c.json(await usageReport(db, clock(), days));
    }),
  );
  routes.route('/admin/hosted', admin);
  return routes;
}
