import { createHash, timingSafeEqual } from 'node:crypto';
import { Hono, type Context } from 'hono';
import type { AccountService } from '../auth/account-service';
import type { OpenDatabase } from '../db';
import { silentLogger, type Logger } from '../http/logger';
import { scimDiscovery } from './scim-discovery';
import { ScimGroups } from './scim-groups';
import {
  listQuery,
  parsePatch,
  SCIM_BODY_LIMIT_BYTES,
  ScimError,
  scimErrorResponse,
  scimJson,
} from './scim-protocol';
import type { ScimSettings } from './scim-settings';
import { ScimUsers } from './scim-users';

export type ScimRoutesDeps = {
  accounts: AccountService;
  database: OpenDatabase;
  settings: ScimSettings;
  defaultLimitUsageBytes: number;
  /** PUBLIC_URL, for `meta.location`; absent: the request's origin. */
  publicUrl?: string | undefined;
  clock?: (() => number) | undefined;
  log?: Logger | undefined;
};

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/**
 * `/scim/v2/*` (RFC 7644) for an identity provider that provisions members (src/scim/SPEC.md).
 * SC8: off (404 for everything) without SCIM_TOKEN; else every request needs that bearer token,
 * compared in constant time (both sides hashed first, so lengths do not tell either).
 */
export function scimRoutes(deps: ScimRoutesDeps): Hono {
  const routes = new Hono();
  const token = deps.settings.token;
  const log = deps.log ?? silentLogger;
  routes.onError((error, c) => {
    if (error instanceof ScimError) return scimErrorResponse(c, error);
    log({ level: 'error', msg: 'scim: unhandled', error: String(error), stack: error.stack });
    return scimErrorResponse(c, new ScimError(500, 'Internal server error'));
  });
  if (!token) {
    routes.all('*', () => {
      throw new ScimError(404, 'SCIM is not enabled on this server (SCIM_TOKEN is not set).');
    });
    return routes;
  }
  const expected = digest(token);
  routes.use('*', async (c, next) => {
    const presented = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
    if (!presented || !timingSafeEqual(digest(presented), expected)) {
      c.header('WWW-Authenticate', 'Bearer realm="scim"');
      throw new ScimError(401, 'A valid SCIM bearer token is required.');
    }
    await next();
  });

  const clock = deps.clock ?? Date.now;
  const baseUrl = (c: Context) => `${deps.publicUrl ?? new URL(c.req.url).origin}/scim/v2`;
  // Per request (cheap objects): `meta.location` names the origin the provider called.
  const users = (c: Context) =>
    new ScimUsers({
      db: deps.database.db,
      accounts: deps.accounts,
      clock,
      defaultLimitUsageBytes: deps.defaultLimitUsageBytes,
      baseUrl: () => baseUrl(c),
    });
  const groups = (c: Context) =>
    new ScimGroups({ db: deps.database.db, clock, settings: deps.settings, baseUrl: () => baseUrl(c) });

  scimDiscovery(routes, baseUrl);

  routes.get('/Users', async (c) => scimJson(c, await users(c).list(c.req.query('filter'), listQuery(c))));
  routes.post('/Users', async (c) => scimJson(c, await users(c).create(await scimBody(c)), 201));
  routes.get('/Users/:id', async (c) => scimJson(c, await users(c).get(c.req.param('id'))));
  routes.put('/Users/:id', async (c) =>
    scimJson(c, await users(c).replace(c.req.param('id'), await scimBody(c))),
  );
  routes.patch('/Users/:id', async (c) =>
    scimJson(c, await users(c).patch(c.req.param('id'), parsePatch(await scimBody(c)))),
  );
  routes.delete('/Users/:id', async (c) => {
    await users(c).remove(c.req.param('id'));
    return c.body(null, 204);
  });

  const withMembers = (c: Context) => !/\bmembers\b/i.test(c.req.query('excludedAttributes') ?? '');
  routes.get('/Groups', async (c) =>
    scimJson(c, await groups(c).list(c.req.query('filter'), listQuery(c), withMembers(c))),
  );
  routes.post('/Groups', async (c) => scimJson(c, await groups(c).create(await scimBody(c)), 201));
  routes.get('/Groups/:id', async (c) => scimJson(c, await groups(c).get(c.req.param('id'), withMembers(c))));
  routes.put('/Groups/:id', async (c) =>
    scimJson(c, await groups(c).replace(c.req.param('id'), await scimBody(c))),
  );
  routes.patch('/Groups/:id', async (c) =>
    scimJson(c, await groups(c).patch(c.req.param('id'), parsePatch(await scimBody(c)))),
  );
  routes.delete('/Groups/:id', async (c) => {
    await groups(c).remove(c.req.param('id'));
    return c.body(null, 204);
  });
  routes.all('*', (c) => {
    throw new ScimError(404, `No SCIM endpoint ${c.req.method} ${c.req.path}.`);
  });
  return routes;
}

/** A JSON body (`application/scim+json` or `application/json`), at most 1 MiB. */
async function scimBody(c: Context): Promise<unknown> {
  const type = (c.req.header('content-type') ?? '').toLowerCase();
  if (!type.startsWith('application/scim+json') && !type.startsWith('application/json'))
    throw new ScimError(415, 'Send the body as application/scim+json.');
  const length = Number(c.req.header('content-length') ?? 0);
  if (length > SCIM_BODY_LIMIT_BYTES)
    throw new ScimError(413, `The body is over ${SCIM_BODY_LIMIT_BYTES} bytes.`);
  const text = await c.req.text();
  if (text.length > SCIM_BODY_LIMIT_BYTES)
    throw new ScimError(413, `The body is over ${SCIM_BODY_LIMIT_BYTES} bytes.`);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ScimError(400, 'The body is not valid JSON.', 'invalidSyntax');
  }
}
