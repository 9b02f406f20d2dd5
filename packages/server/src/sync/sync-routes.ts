import {
  checkSyncProtocol,
  SYNC_LISTENER_HEADER,
  SYNC_PROTOCOL_HEADER,
  SYNC_PROTOCOL_VERSION,
  SyncBufferRequestSchema,
  SyncListenerIdSchema,
  SyncRequestSchema,
  syncMessages,
} from '@parley/core/sync';
import { Hono, type MiddlewareHandler } from 'hono';
import type { AccountService } from '../auth/account-service';
import type { AuthEnv } from '../auth/require-user';
import { withUserErrors } from '../auth/user-error';
import { HttpError, sendError, UserFacingError } from '../http/errors';
import { SYNC_JSON_BOUNDS } from '../http/json-bounds';
import { readJsonBody } from '../http/read-json-body';
import type { SyncEventHub } from './sync-events';
import type { SyncService } from './sync-service';
import { limitedBody, syncRouteGuards } from '../http/route-guards';

export type SyncRoutesDeps = {
  accounts: AccountService;
  sync: SyncService;
  disabled: boolean;
  maxBodyBytes: number;
  /** After each sync that succeeded (SY15: unused attachment bytes are removed). */
  afterSync?: (userId: string) => Promise<void>;
  /** Change notifications (SY17-SY18): `GET /api/sync/events`, told of every sync that changed data. */
  events?: SyncEventHub;
};

/**
 * SY19: every sync call names its protocol version (PR11; none is 1). One this server does not
 * speak is refused with its reason, 426, and the reload message; the answers carry the server's.
 */
export const syncProtocolGuard: MiddlewareHandler = async (c, next) => {
  const checked = checkSyncProtocol(c.req.header(SYNC_PROTOCOL_HEADER));
  if (!checked.ok) {
    if (checked.reason === 'malformed')
      return sendError(c, 'bad_request:sync_protocol', `${SYNC_PROTOCOL_HEADER} must be a whole number.`);
    const code = `incompatible:${checked.reason}` as const;
    const message =
      checked.reason === 'client_too_old'
        ? `Sync protocol ${checked.version} is older than this server accepts.`
        : `Sync protocol ${checked.version} is newer than this server (${SYNC_PROTOCOL_VERSION}).`;
    return sendError(
      c,
      new UserFacingError(code, message, syncMessages.incompatible, {
        serverProtocol: SYNC_PROTOCOL_VERSION,
      }),
    );
  }
  await next();
  c.res.headers.set(SYNC_PROTOCOL_HEADER, String(SYNC_PROTOCOL_VERSION));
};

/** The caller's notification stream, if it named a well-formed one (PR12). */
function listenerIdOf(value: string | undefined): string | undefined {
  const parsed = SyncListenerIdSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

const CHUNK_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** `/api/sync`, `/api/sync-buffer`, `/api/sync/chunks/:id`, `/api/sync/config` (PR1-PR8, SY1-SY10). */
export function syncRoutes({
  accounts,
  sync,
  disabled,
  maxBodyBytes,
  afterSync,
  events,
}: SyncRoutesDeps): Hono<AuthEnv> {
  const routes = new Hono<AuthEnv>();

  // Public: the client may ask before it has an account (PR7).
  routes.get('/sync/config', (c) => c.json({ maxSyncPayloadSize: sync.maxSyncPayloadSize }));

  const { signedIn } = syncRouteGuards(accounts, disabled, syncProtocolGuard);
  const limitBody = limitedBody(
    maxBodyBytes,
    () => new HttpError('payload_too_large:body', `The request body is over ${maxBodyBytes} bytes.`),
  );

  routes.post(
    '/sync',
    signedIn,
    limitBody,
    withUserErrors(async (c) => {
      const request = await readJsonBody(c, SyncRequestSchema, SYNC_JSON_BOUNDS);
      const user = c.get('user');
      const { json, changedAt } = await sync.sync(user, request);
      // SY17: the account's other open devices hear that something changed, not what.
      if (changedAt) events?.notify(user.id, changedAt, listenerIdOf(c.req.header(SYNC_LISTENER_HEADER)));
      await afterSync?.(user.id);
      return c.body(json, 200, { 'content-type': 'application/json' });
    }),
  );

  routes.post(
    '/sync-buffer',
    signedIn,
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
    signedIn,
    withUserErrors(async (c) => {
      const chunkId = c.req.param('chunkId') ?? '';
      if (!CHUNK_ID.test(chunkId)) throw new HttpError('not_found:sync_chunk', 'No such sync chunk.');
      return c.body(await sync.readChunk(c.get('user'), chunkId), 200, {
        'content-type': 'application/json',
      });
    }),
  );

  if (events) {
    routes.get(
      '/sync/events',
      signedIn,
      withUserErrors(async (c) => {
        const opened = events.open(c.get('user').id, listenerIdOf(c.req.query('listener')), c.req.raw.signal);
        if (!opened.ok) {
          if (opened.reason === 'account_limit')
            throw new HttpError(
              'rate_limited:sync_events',
              'This account has too many open change notification streams.',
            );
          throw new HttpError(
            'unavailable:sync_events',
            'This server has too many open change notification streams.',
          );
        }
        return new Response(opened.body, {
          status: 200,
          headers: {
            'content-type': 'text/event-stream; charset=utf-8',
            // No proxy or cache may hold the stream back or keep it (SY17).
            'cache-control': 'no-cache, no-transform',
            'x-accel-buffering': 'no',
          },
        });
      }),
    );
  }

  return routes;
}
