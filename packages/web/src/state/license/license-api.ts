import { licensePlanSchema, type verifyLicenseToken } from '@parley/core/license';
import { z } from 'zod';
import { LicenseClientError, type LicenseErrorCode } from './license-errors';

const errorBodySchema = z.object({
  error: z.object({ code: z.string(), message: z.string(), detail: z.string().optional() }),
});

const serverCodes: Record<string, LicenseErrorCode> = {
  'bad_request:license_key': 'invalid_key',
  'forbidden:device_limit': 'device_limit',
  'forbidden:user_limit': 'user_limit',
  'rate_limited:license': 'rate_limited',
  'unauthorized:license_token': 'token_refused',
  'not_found:license_device': 'device_not_found',
};

const tokenResponseSchema = z.object({ token: z.string().min(1) });

export const licenseDeviceSchema = z.object({
  deviceId: z.string(),
  deviceName: z.string(),
  /** Who uses the device (LS11); older servers and links that name nobody send none. */
  userName: z.string().nullish(),
  activatedAt: z.number(),
  lastSeenAt: z.number(),
  current: z.boolean(),
});
export type LicenseDevice = z.infer<typeof licenseDeviceSchema>;

const deviceListSchema = z.object({
  license: z.object({
    keyHint: z.string(),
    plan: licensePlanSchema,
    maxDevices: z.number().int(),
    /** LS11; an older server sends none. */
    maxUsers: z.number().int().optional(),
  }),
  devices: z.array(licenseDeviceSchema),
});
export type LicenseDeviceList = z.infer<typeof deviceListSchema>;

const publicJwkSchema = z.looseObject({ kty: z.literal('RSA'), n: z.string(), e: z.string() });

/** The server's RSA public key as a JWK: what core's verifyLicenseToken takes. */
export type LicensePublicJwk = Parameters<typeof verifyLicenseToken>[1];

export type ActivationRequest = {
  key: string;
  deviceId: string;
  deviceName: string;
  /** Who uses the device, a name or email (LS11); left out rather than sent empty. */
  userName?: string;
};

export type LicenseApi = {
  activate(request: ActivationRequest): Promise<{ token: string }>;
  listDevices(token: string): Promise<LicenseDeviceList>;
  unlinkDevice(token: string, deviceId: string): Promise<void>;
  publicKey(): Promise<LicensePublicJwk>;
};

export type LicenseApiDeps = {
  /** Resolved per call, so a changed server setting applies without a reload. */
  baseUrl: () => string;
  fetch: typeof fetch;
  /** Spec section 7: a helper fetch aborts on time-out, default 7000 ms. */
  timeoutMs?: number;
};

/** The license routes of our server (packages/server/src/license), with answers parsed by schema. */
export function createLicenseApi({ baseUrl, fetch, timeoutMs = 7000 }: LicenseApiDeps): LicenseApi {
  async function call<T>(path: string, schema: z.ZodType<T>, init: RequestInit = {}): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${baseUrl()}/api/license${path}`, {
        ...init,
        signal: AbortSignal.timeout(timeoutMs),
        headers: { accept: 'application/json', ...init.headers },
      });
    } catch (error) {
      throw new LicenseClientError('network', error instanceof Error ? error.message : String(error));
    }
    const body: unknown = await response.json().catch(() => undefined);
    if (!response.ok) throw errorFrom(response, body);
    const parsed = schema.safeParse(body);
    if (!parsed.success) throw new LicenseClientError('bad_response', parsed.error.message);
    return parsed.data;
  }

  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  return {
    activate: (request) =>
      call('/activate', tokenResponseSchema, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(request),
      }),
    listDevices: (token) => call('/devices', deviceListSchema, { headers: bearer(token) }),
    unlinkDevice: async (token, deviceId) => {
      await call(`/devices/${encodeURIComponent(deviceId)}/unlink`, z.object({ ok: z.literal(true) }), {
        method: 'POST',
        headers: bearer(token),
      });
    },
    publicKey: async () => (await call('/public-key', publicJwkSchema)) as LicensePublicJwk,
  };
}

function errorFrom(response: Response, body: unknown): LicenseClientError {
  const parsed = errorBodySchema.safeParse(body);
  const retryAfter = Number(response.headers.get('retry-after'));
  const extra = {
    status: response.status,
    ...(parsed.success && parsed.data.error.detail ? { detail: parsed.data.error.detail } : {}),
    ...(Number.isFinite(retryAfter) && retryAfter > 0 ? { retryAfterSeconds: retryAfter } : {}),
  };
  const message = parsed.success ? parsed.data.error.message : `HTTP ${response.status}`;
  const byCode = parsed.success ? serverCodes[parsed.data.error.code] : undefined;
  const byStatus: LicenseErrorCode =
    response.status === 429 ? 'rate_limited' : response.status === 401 ? 'token_refused' : 'server';
  return new LicenseClientError(byCode ?? byStatus, message, extra);
}
