import { isShareId, SHARE_MAX_BYTES, SHARE_PATHS, SharedChatSchema } from '@parley/core/sync-client';
import { Hono } from 'hono';
import type { AccountService } from '../auth/account-service';
import type { AuthEnv } from '../auth/require-user';
import { sendUserError, UserFacingError, withUserErrors } from '../auth/user-error';
import { HttpError } from '../http/errors';
import { chooseEncoding } from '../http/compressed-files';
import { SYNC_JSON_BOUNDS } from '../http/json-bounds';
import { clientAddress, memoryRateLimits, type RateLimits } from '../http/rate-limit';
import { readJsonBody } from '../http/read-json-body';
import { ShareQuotaExceeded, type ShareService } from './share-service';
import { limitedBody, syncRouteGuards } from '../http/route-guards';

/** SL12: anonymous reads of share links per client address (SHARE_READS_PER_MINUTE). */
export const SHARE_READ_LIMIT = { limit: 60, windowMs: 60_000 };
/** SL13: bytes of shared chats this server sends a second, all readers together (SHARE_BYTES_PER_SECOND). */
export const SHARE_BYTES_PER_SECOND = 16 * 1024 * 1024;

export type ShareRoutesDeps = {
  accounts: AccountService;
  shares: ShareService;
  disabled: boolean;
  clock?: () => number;
  /** Overrides SHARE_READ_LIMIT.limit (SHARE_READS_PER_MINUTE). */
  readsPerMinute?: number | undefined;
  /** Overrides SHARE_BYTES_PER_SECOND. */
  bytesPerSecond?: number | undefined;
  /** Where reads and bytes count (CL2, CL3: the database with several processes); default: this process. */
  rateLimits?: RateLimits;
};

const API_PREFIX = '/api';
const route = (full: string) => full.slice(API_PREFIX.length);
/**
 * SL5: shared pages and their data are never indexed. SL9: nor kept by shared caches, and a
 * browser asks again before each use (with the ETag: a 304 of no body), so a revoked link is gone
 * at once (SL4) while an unchanged one costs no download (decision 0067).
 */
const PUBLIC_HEADERS = { 'x-robots-tag': 'noindex, nofollow', 'cache-control': 'private, no-cache' };

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Share links (src/share/SPEC.md): the owner's routes need a cloud token; reading one does not. */
export function shareRoutes({
  accounts,
  shares,
  disabled,
  clock = Date.now,
  readsPerMinute,
  bytesPerSecond,
  rateLimits = memoryRateLimits(clock),
}: ShareRoutesDeps): Hono<AuthEnv> {
  const routes = new Hono<AuthEnv>();
  const { available, signedIn } = syncRouteGuards(accounts, disabled);
  // JSON escapes make the body a little larger than the snapshot it carries.
  const limitBody = limitedBody(
    SHARE_MAX_BYTES * 2,
    () => new UserFacingError('payload_too_large:share', 'The chat is too large to share.'),
  );
  const reads = rateLimits.limiter('share-reads', {
    ...SHARE_READ_LIMIT,
    limit: readsPerMinute ?? SHARE_READ_LIMIT.limit,
  });
  const egress = rateLimits.byteBudget('share-bytes', {
    bytesPerSecond: bytesPerSecond ?? SHARE_BYTES_PER_SECOND,
  });

  routes.post(
    route(SHARE_PATHS.mine),
    signedIn,
    limitBody,
    withUserErrors(async (c) => {
      const user = c.get('user');
      const chat = await readJsonBody(c, SharedChatSchema, SYNC_JSON_BOUNDS);
      try {
        return c.json({ share: await shares.create(user, chat) });
      } catch (error) {
        if (!(error instanceof ShareQuotaExceeded)) throw error;
        // SL7: the quota's 413 like sync's (SY7, SY14), in a sentence about sharing.
        const usage = await accounts.usage(user.id);
        throw new UserFacingError(
          'payload_too_large:share_quota',
          'The share would exceed the storage quota.',
          `This chat is too large to share: your account would go over its storage limit (${megabytes(usage.totalUsageBytes)} of ${megabytes(usage.limitUsageBytes)} used; share links count too). Revoke links you no longer need or share a shorter chat.`,
          { ...usage, isPaid: false },
        );
      }
    }),
  );
  routes.get(
    route(SHARE_PATHS.mine),
    signedIn,
    withUserErrors(async (c) => c.json({ shares: await shares.list(c.get('user')) })),
  );
  routes.delete(
    `${route(SHARE_PATHS.mine)}/:id`,
    signedIn,
    withUserErrors(async (c) => {
      await shares.revoke(c.get('user'), c.req.param('id') ?? '');
      return c.body(null, 204);
    }),
  );
  routes.get(`${route(SHARE_PATHS.publicOne)}/:id`, available, async (c) => {
    // SL12: every read counts, before any database work.
    const decision = await reads.hit(clientAddress(c));
    if (!decision.allowed) {
      c.header('Retry-After', String(decision.retryAfterSeconds));
      return sendUserError(
        c,
        new HttpError(
          'rate_limited:share',
          `Too many shared chats opened from your address. Please wait ${String(decision.retryAfterSeconds)} seconds and try again.`,
        ),
      );
    }
    const id = c.req.param('id') ?? '';
    const read = isShareId(id)
      ? await shares.publicRead(id, {
          ifNoneMatch: c.req.header('if-none-match'),
          encoding: chooseEncoding(c.req.header('accept-encoding')),
        })
      : null;
    if (read === null || read.kind === 'missing') {
      return sendUserError(
        c,
        new HttpError('not_found:share', 'This shared chat does not exist or was removed.'),
      );
    }
    const headers = { ...PUBLIC_HEADERS, etag: read.etag, vary: 'Accept-Encoding' };
    if (read.kind === 'unchanged') return c.body(null, 304, headers);
    // SL13: what all readers download together is bounded, so sync keeps its share of the server.
    const spent = await egress.spend(read.body.byteLength);
    if (!spent.allowed) {
      c.header('Retry-After', String(spent.retryAfterSeconds));
      return sendUserError(
        c,
        new HttpError(
          'unavailable:share',
          `Shared chats are busy on this server. Please try again in ${String(spent.retryAfterSeconds)} seconds.`,
        ),
      );
    }
    return c.body(read.body, 200, {
      ...headers,
      'content-type': 'application/json',
      ...(read.encoding && { 'content-encoding': read.encoding }),
    });
  });
  return routes;
}
