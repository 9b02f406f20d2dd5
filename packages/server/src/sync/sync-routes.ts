import { SyncBufferRequestSchema, SyncRequestSchema } from '@parley/core/sync';
import { Hono, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AccountService } from '../auth/account-service';
import { requireUser, type AuthEnv } from '../auth/require-user';
import { sendUserError, withUserErrors } from '../auth/user-error';
import { HttpError } from '../http/errors';
import { SYNC_JSON_BOUNDS } from '../http/json-bounds';
import { readJsonBody } from '../http/read-json-body';
import type { SyncService } from './sync-service';

export type SyncRoutesDeps = {
  accounts: AccountService;
  sync: SyncService;
  disabled: boolean;
  maxBodyBytes: number;
  /** After each sync that succeeded (SY15: unused attachment bytes are removed). */
  afterSync?: (userId: string) => Promise<void>;
};

const CHUNK_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** `/api/sync`, `/api/sync-buffer`, `/api/sync/chunks/:id`, `/api/sync/config` (PR1-PR8, SY1-SY10). */
export function syncRoutes({
  accounts,
  sync,
  disabled,
  maxBodyBytes,
  afterSync,
}: SyncRoutesDeps): Hono<AuthEnv> {
  const routes = new Hono<AuthEnv>();

  // Public: the client may ask before it has an account (PR7).
  routes.get('/sync/config', (c) => c.json({ maxSyncPayloadSize: sync.maxSyncPayloadSize }));

  const available: MiddlewareHandler<AuthEnv> = async (c, next) => {
    if (disabled)
      return sendUserError(c, new HttpError('unavailable:sync', 'Cloud sync is disabled on this server.'));
    await next();
  };
  const limitBody = bodyLimit({
    maxSize: maxBodyBytes,
    onError: (c) =>
      sendUserError(
        c,
        new HttpError('payload_too_large:body', `The request body is over ${maxBodyBytes} bytes.`),
      ),
  });
  const guarded = [available, requireUser(accounts)] as const;

  routes.post(
    '/sync',
    ...guarded,
    limitBody,
    withUserErrors(async (c) => {
      const request = await readJsonBody(c, SyncRequestSchema, SYNC_JSON_BOUNDS);
      const text = await sync.sync(c.get('user'), request);
      await afterSync?.(c.get('user').id);
      return c.body(text, 200, { 'content-type': 'application/json' });
    }),
  );

  routes.post(
    '/sync-buffer',
    ...guarded,
    limitBody,
    withUserErrors(async (c) =>
      c.json(
        await sync.appendToBuffer(
          c.get('user'),
          await readJsonBody(c, SyncBufferRequestSchema, SYNC_JSON_BOUNDS),
        ),
      ),
    ),
  );

  routes.get(
    '/sync/chunks/:chunkId',
    ...guarded,
    withUserErrors(async (c) => {
      const chunkId = c.req.param('chunkId') ?? '';
      if (!CHUNK_ID.test(chunkId)) throw new HttpError('not_found:sync_chunk', 'No such sync chunk.');
      return c.body(await sync.readChunk(c.get('user'), chunkId), 200, {
        'content-type': 'application/json',
      });
    }),
  );

  return routes;
}
