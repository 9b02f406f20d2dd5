import { isShareId, SHARE_MAX_BYTES, SHARE_PATHS, SharedChatSchema } from '@parley/core/sync-client';
import { Hono, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AccountService } from '../auth/account-service';
import { requireUser, type AuthEnv } from '../auth/require-user';
import { sendUserError, withUserErrors } from '../auth/user-error';
import { HttpError } from '../http/errors';
import { SYNC_JSON_BOUNDS } from '../http/json-bounds';
import { readJsonBody } from '../http/read-json-body';
import type { ShareService } from './share-service';

export type ShareRoutesDeps = { accounts: AccountService; shares: ShareService; disabled: boolean };

const API_PREFIX = '/api';
const route = (full: string) => full.slice(API_PREFIX.length);
/** SL5: shared pages and their data are never indexed or kept by shared caches. */
const PUBLIC_HEADERS = { 'x-robots-tag': 'noindex, nofollow', 'cache-control': 'no-store' };

/** Share links (src/share/SPEC.md): the owner's routes need a cloud token; reading one does not. */
export function shareRoutes({ accounts, shares, disabled }: ShareRoutesDeps): Hono<AuthEnv> {
  const routes = new Hono<AuthEnv>();
  const available: MiddlewareHandler<AuthEnv> = async (c, next) => {
    if (disabled)
      return sendUserError(c, new HttpError('unavailable:sync', 'Cloud sync is disabled on this server.'));
    await next();
  };
  const guarded = [available, requireUser(accounts)] as const;
  const limitBody = bodyLimit({
    // JSON escapes make the body a little larger than the snapshot it carries.
    maxSize: SHARE_MAX_BYTES * 2,
    onError: (c) =>
      sendUserError(c, new HttpError('payload_too_large:share', 'The chat is too large to share.')),
  });

  routes.post(
    route(SHARE_PATHS.mine),
    ...guarded,
    limitBody,
    withUserErrors(async (c) => {
      const chat = await readJsonBody(c, SharedChatSchema, SYNC_JSON_BOUNDS);
      return c.json({ share: await shares.create(c.get('user'), chat) });
    }),
  );
  routes.get(
    route(SHARE_PATHS.mine),
    ...guarded,
    withUserErrors(async (c) => c.json({ shares: await shares.list(c.get('user')) })),
  );
  routes.delete(
    `${route(SHARE_PATHS.mine)}/:id`,
    ...guarded,
    withUserErrors(async (c) => {
      await shares.revoke(c.get('user'), c.req.param('id') ?? '');
      return c.body(null, 204);
    }),
  );
  routes.get(`${route(SHARE_PATHS.publicOne)}/:id`, available, async (c) => {
    const id = c.req.param('id') ?? '';
    const text = isShareId(id) ? await shares.publicJson(id) : null;
    if (text === null) {
      return sendUserError(
        c,
        new HttpError('not_found:share', 'This shared chat does not exist or was removed.'),
      );
    }
    return c.body(text, 200, { 'content-type': 'application/json', ...PUBLIC_HEADERS });
  });
  return routes;
}
