import { syncMessages } from '@parley/core/sync';
import { BLOB_PATHS, BlobMissingRequestSchema } from '@parley/core/sync-client';
import { Hono } from 'hono';
import type { AccountService } from '../auth/account-service';
import type { AuthEnv } from '../auth/require-user';
import { UserFacingError, withUserErrors } from '../auth/user-error';
import { HttpError } from '../http/errors';
import { SYNC_JSON_BOUNDS } from '../http/json-bounds';
import { readJsonBody } from '../http/read-json-body';
import { BlobQuotaExceeded, type BlobService } from './blob-service';
import { limitedBody, syncRouteGuards } from '../http/route-guards';

export type BlobRoutesDeps = { accounts: AccountService; blobs: BlobService; disabled: boolean };

const route = (full: string) => full.slice('/api'.length);
/**
 * A blob is read by the app with fetch, never opened as a page: if someone opens its URL anyway,
 * nothing in it may run or be sniffed as another type (SY16).
 */
const BLOB_HEADERS = {
  'cache-control': 'private, max-age=31536000, immutable',
  'content-security-policy': "default-src 'none'; sandbox",
  'content-disposition': 'attachment',
  'x-content-type-options': 'nosniff',
};

/** `/api/blobs/*`: attachment bytes of the signed-in account (src/sync/SPEC.md SY13-SY16). */
export function blobRoutes({ accounts, blobs, disabled }: BlobRoutesDeps): Hono<AuthEnv> {
  const routes = new Hono<AuthEnv>();
  const { signedIn } = syncRouteGuards(accounts, disabled);
  const limitBody = limitedBody(
    blobs.maxBytes,
    () => new HttpError('payload_too_large:blob', `The attachment is over ${String(blobs.maxBytes)} bytes.`),
  );

  routes.post(
    route(BLOB_PATHS.missing),
    signedIn,
    withUserErrors(async (c) => {
      const { ids } = await readJsonBody(c, BlobMissingRequestSchema, SYNC_JSON_BOUNDS);
      return c.json({ missing: await blobs.missing(c.get('user'), ids) });
    }),
  );

  routes.put(
    `${route(BLOB_PATHS.one)}/:id`,
    signedIn,
    limitBody,
    withUserErrors(async (c) => {
      const user = c.get('user');
      const contentType = (c.req.header('content-type') ?? '').split(';')[0]?.trim() ?? '';
      const data = new Uint8Array(await c.req.arrayBuffer());
      try {
        return c.json(await blobs.put(user, c.req.param('id') ?? '', contentType, data));
      } catch (error) {
        if (!(error instanceof BlobQuotaExceeded)) throw error;
        // SY14: the spec's quota text, with the usage numbers the client still shows (PR8).
        const usage = await accounts.usage(user.id);
        throw new UserFacingError(
          'payload_too_large:sync_quota',
          'The attachment would exceed the storage quota.',
          syncMessages.tooLarge,
          { ...usage, isPaid: false },
        );
      }
    }),
  );

  routes.get(
    `${route(BLOB_PATHS.one)}/:id`,
    signedIn,
    withUserErrors(async (c) => {
      const blob = await blobs.get(c.get('user'), c.req.param('id') ?? '');
      if (!blob) throw new HttpError('not_found:blob', 'No such attachment.');
      return c.body(new Uint8Array(blob.data), 200, {
        'content-type': blob.contentType,
        'content-length': String(blob.size),
        ...BLOB_HEADERS,
      });
    }),
  );

  return routes;
}
