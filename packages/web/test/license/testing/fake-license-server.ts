import {
  LICENSE_TOKEN_AUDIENCE,
  LICENSE_TOKEN_ISSUER,
  planDetails,
  type LicensePlan,
} from '@parley/core/license';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import type { LicensePublicJwk } from '../../../src/state/license/license-api';

type FakeDevice = {
  deviceId: string;
  deviceName: string;
  userName: string | null;
  activationId: string;
  at: number;
};
type FakeLicense = {
  id: string;
  plan: LicensePlan;
  maxDevices: number;
  maxUsers: number;
  keyHint: string;
  devices: FakeDevice[];
};

/**
 * An in-memory stand-in for the license routes (same paths, bodies and error shapes as
 * packages/server/src/license), signing real RS256 tokens, for tests of the web client.
 */
export async function createFakeLicenseServer() {
  let keys = await generateKeyPair('RS256', { extractable: true });
  let publicJwk: JWK = { ...(await exportJWK(keys.publicKey)), alg: 'RS256', use: 'sig', kid: 'k1' };
  const licenses = new Map<string, FakeLicense>();
  const requests: Array<{ method: string; path: string }> = [];
  let counter = 0;
  let online = true;

  const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
    new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json', ...headers },
    });
  const error = (status: number, code: string, message: string, detail?: string) =>
    json({ error: detail ? { code, message, detail } : { code, message } }, status);

  async function sign(license: FakeLicense, device: FakeDevice, signingKey: CryptoKey = keys.privateKey) {
    return new SignJWT({
      plan: license.plan,
      features: [...planDetails[license.plan].features],
      deviceId: device.deviceId,
      keyHint: license.keyHint,
      activationId: device.activationId,
    })
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT', kid: 'k1' })
      .setSubject(license.id)
      .setIssuer(LICENSE_TOKEN_ISSUER)
      .setAudience(LICENSE_TOKEN_AUDIENCE)
      .setIssuedAt(1_800_000_000)
      .sign(signingKey);
  }

  function byToken(header: string | null): { license: FakeLicense; device: FakeDevice } | undefined {
    const token = header?.replace(/^Bearer /, '') ?? '';
    const payload = JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as {
      sub: string;
      activationId: string;
    };
    const license = [...licenses.values()].find((candidate) => candidate.id === payload.sub);
    const device = license?.devices.find((candidate) => candidate.activationId === payload.activationId);
    return license && device ? { license, device } : undefined;
  }

  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(String(input));
    const method = init.method ?? 'GET';
    requests.push({ method, path: url.pathname });
    if (!online) throw new TypeError('Failed to fetch');
    const headers = new Headers(init.headers);
    if (url.pathname === '/api/license/public-key') return json(publicJwk);
    if (url.pathname === '/api/license/activate') {
      const body = JSON.parse(String(init.body)) as {
        key: string;
        deviceId: string;
        deviceName: string;
        userName?: string;
      };
      if (body.key === 'RATE-LIMITED')
        return json({ error: { code: 'rate_limited:license', message: 'Too many' } }, 429, {
          'retry-after': '42',
        });
      const license = licenses.get(body.key);
      if (!license) return error(400, 'bad_request:license_key', 'Sorry, that license key is invalid.');
      let device = license.devices.find((candidate) => candidate.deviceId === body.deviceId);
      if (!device && license.devices.length >= license.maxDevices)
        return error(
          403,
          'forbidden:device_limit',
          'Device limit reached for the license key',
          'Unlink another.',
        );
      // LS11: names matching ignoring case and spaces are one user; this device's own link does not count.
      const userName = body.userName?.trim() ?? device?.userName ?? null;
      const userKey = (name: string) => name.trim().toLowerCase();
      const users = new Set(
        license.devices.flatMap((other) =>
          other !== device && other.userName ? [userKey(other.userName)] : [],
        ),
      );
      if (userName && !users.has(userKey(userName)) && users.size >= license.maxUsers)
        return error(
          403,
          'forbidden:user_limit',
          'User limit reached for the license key',
          'Unlink the devices of someone else.',
        );
      if (device) device.userName = userName;
      else {
        device = {
          deviceId: body.deviceId,
          deviceName: body.deviceName,
          userName,
          activationId: `act-${++counter}`,
          at: 1,
        };
        license.devices.push(device);
      }
      return json({ token: await sign(license, device) });
    }
    const caller = byToken(headers.get('authorization'));
    if (!caller) return error(401, 'unauthorized:license_token', 'No longer valid.');
    if (url.pathname === '/api/license/devices')
      return json({
        license: {
          keyHint: caller.license.keyHint,
          plan: caller.license.plan,
          maxDevices: caller.license.maxDevices,
          maxUsers: caller.license.maxUsers,
        },
        devices: caller.license.devices.map((device) => ({
          deviceId: device.deviceId,
          deviceName: device.deviceName,
          userName: device.userName,
          activatedAt: device.at,
          lastSeenAt: device.at,
          current: device === caller.device,
        })),
      });
    const unlink = /^\/api\/license\/devices\/([^/]+)\/unlink$/.exec(url.pathname);
    if (unlink) {
      const deviceId = decodeURIComponent(unlink[1]!);
      const before = caller.license.devices.length;
      caller.license.devices = caller.license.devices.filter((device) => device.deviceId !== deviceId);
      if (caller.license.devices.length === before)
        return error(404, 'not_found:license_device', 'Not linked.');
      return json({ ok: true, deviceId });
    }
    return error(404, 'not_found:route', 'No route.');
  };

  return {
    fetch: fetch as typeof globalThis.fetch,
    requests,
    publicJwk: () => publicJwk as LicensePublicJwk,
    addKey(key: string, plan: LicensePlan, maxDevices = 5, maxUsers = plan === 'team' ? 10 : 1) {
      const id = `lic-${++counter}`;
      licenses.set(key, { id, plan, maxDevices, maxUsers, keyHint: key.slice(-4), devices: [] });
    },
    linkedDevices: (key: string) => licenses.get(key)?.devices.map((device) => device.deviceId) ?? [],
    setOnline(value: boolean) {
      online = value;
    },
    /** A new signing key: tokens signed before still verify only with the old public key. */
    async rotateKey() {
      keys = await generateKeyPair('RS256', { extractable: true });
      publicJwk = { ...(await exportJWK(keys.publicKey)), alg: 'RS256', use: 'sig', kid: 'k2' };
    },
    async tokenSignedByAnotherKey(key: string, deviceId: string) {
      const license = licenses.get(key)!;
      const device = license.devices.find((candidate) => candidate.deviceId === deviceId)!;
      const other = await generateKeyPair('RS256');
      return sign(license, device, other.privateKey);
    },
  };
}

export type FakeLicenseServer = Awaited<ReturnType<typeof createFakeLicenseServer>>;
