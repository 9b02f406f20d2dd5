import { licenseMessages } from '@parley/core/license';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import { HttpError, sendError, type ServerErrorCode } from '../http/errors';
import { clientAddress, memoryRateLimits, type RateLimits } from '../http/rate-limit';
import { LicenseError, type LicenseErrorCode } from './license-errors';
import { licenseKeyRateLimitPrefix } from './license-key';
import { userLimitMessages } from './license-seats';
import type { AuthenticatedDevice, LicenseService } from './license-service';
import { readJsonBody } from '../http/read-json-body';

export const LICENSE_BODY_LIMIT_BYTES = 16 * 1024;
export const ACTIVATION_LIMIT = { limit: 10, windowMs: 60_000 };

const deviceIdSchema = z.string().trim().min(1).max(200);

export const activationRequestSchema = z.object({
  key: z.string().min(1).max(200),
  deviceId: deviceIdSchema,
  deviceName: z.string().trim().min(1).max(200),
  /** Who uses the device (a name or email): team keys count users (LS11). */
  userName: z.string().trim().min(1).max(200).optional(),
});

export type LicenseRoutesDeps = {
  service: LicenseService;
  clock?: () => number;
  /** Activation attempts per minute per address and per key (default ACTIVATION_LIMIT). */
  activationsPerMinute?: number;
  /** Where attempts count (CL2: the database with several processes); default: this process. */
  rateLimits?: RateLimits;
};

const httpCodeOf: Record<LicenseErrorCode, ServerErrorCode> = {
  invalid_key: 'bad_request:license_key',
  device_limit: 'forbidden:device_limit',
  user_limit: 'forbidden:user_limit',
  invalid_token: 'unauthorized:license_token',
  device_not_found: 'not_found:license_device',
  license_not_found: 'not_found:route',
  ambiguous_license: 'bad_request:body',
};

function toHttpError(error: unknown): unknown {
  if (!(error instanceof LicenseError)) return error;
  const detail =
    error.code === 'device_limit'
      ? licenseMessages.unlinkAndReenter
      : error.code === 'user_limit'
        ? userLimitMessages.unlinkAndReenter
        : undefined;
  return new HttpError(httpCodeOf[error.code], error.message, detail);
}

/** Routes under /api/license: parse, call the service, map its errors (shapes in CONTEXT.md). */
export function licenseRoutes({
  service,
  clock = Date.now,
  activationsPerMinute = ACTIVATION_LIMIT.limit,
  rateLimits = memoryRateLimits(clock),
}: LicenseRoutesDeps): Hono {
  const routes = new Hono();
  const limit = { ...ACTIVATION_LIMIT, limit: activationsPerMinute };
  const attemptsByAddress = rateLimits.limiter('license-address', limit);
  const attemptsByKey = rateLimits.limiter('license-key', limit);

  routes.use(
    '*',
    bodyLimit({
      maxSize: LICENSE_BODY_LIMIT_BYTES,
      onError: (c) =>
        sendError(c, 'payload_too_large:body', `The request body is over ${LICENSE_BODY_LIMIT_BYTES} bytes.`),
    }),
  );

  routes.get('/public-key', (c) => c.json(service.publicJwk()));

  routes.post('/activate', async (c) => {
    const byAddress = await attemptsByAddress.hit(clientAddress(c));
    if (!byAddress.allowed) return tooManyAttempts(c, byAddress.retryAfterSeconds);
    const body = await readJsonBody(c, activationRequestSchema);
    const byKey = await attemptsByKey.hit(licenseKeyRateLimitPrefix(body.key));
    if (!byKey.allowed) return tooManyAttempts(c, byKey.retryAfterSeconds);
    return c.json(await service.activate(body).catch(rethrowAsHttp));
  });

  routes.get('/devices', async (c) => {
    const caller = await authenticate(c);
    return c.json(await service.listDevices(caller));
  });

  routes.post('/devices/:deviceId/unlink', async (c) => {
    const caller = await authenticate(c);
    const deviceId = deviceIdSchema.safeParse(c.req.param('deviceId'));
    if (!deviceId.success) throw new HttpError('bad_request:body', 'Invalid device id.');
    await service.unlinkDevice(caller, deviceId.data).catch(rethrowAsHttp);
    return c.json({ ok: true, deviceId: deviceId.data });
  });

  async function authenticate(c: Context): Promise<AuthenticatedDevice> {
    const header = c.req.header('authorization') ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match)
      throw new HttpError(
        'unauthorized:license_token',
        'A license token is required (Authorization: Bearer).',
      );
    return service.authenticate(match[1]!).catch(rethrowAsHttp);
  }

  return routes;
}

function rethrowAsHttp(error: unknown): never {
  throw toHttpError(error);
}

function tooManyAttempts(c: Context, retryAfterSeconds: number) {
  c.header('Retry-After', String(retryAfterSeconds));
  return sendError(
    c,
    'rate_limited:license',
    `Too many activation attempts. Please wait ${retryAfterSeconds} seconds and try again.`,
  );
}
