import {
  looksLikeOpenAIKey,
  verifyLicenseToken,
  type LicenseState,
  type LicenseTokenClaims,
  type LicenseTokenFailure,
  type LicenseTokenVerification,
} from '@parley/core/license';
import type { LicenseApi, LicenseDeviceList, LicensePublicJwk } from './license-api';
import { LicenseClientError, licenseErrorCode } from './license-errors';
import type { LocalPref } from '../../lib/local-pref';

/** Where the app stands: the state gating reads, and the verified claims behind a license. */
export type LicenseSnapshot = { state: LicenseState; claims?: LicenseTokenClaims };

/** A stored token this app refused to use; the client reports it and falls back to no license. */
export type LicenseProblem = {
  /** `refused_by_server`: checked again after the key changed, the server no longer knows the token. */
  reason: LicenseTokenFailure | 'other_device' | 'no_public_key' | 'refused_by_server';
  detail: string;
};

export type LicenseLocalData = {
  token: LocalPref<string | undefined>;
  /**
   * The last key this app's own server served, kept so a license verifies offline. Never trusted
   * while the server answers: what it serves now wins (decision 0026).
   */
  publicKey: LocalPref<LicensePublicJwk | undefined>;
  deviceId: () => string;
};

export type LicenseClientDeps = {
  api: LicenseApi;
  local: LicenseLocalData;
  /** The state without a license: unlicensed, or free trial / preview by edition. */
  baseState: LicenseState;
  report: (problem: LicenseProblem) => void;
  now?: () => number;
};

export type LicenseClient = ReturnType<typeof createLicenseClient>;

/** The same RSA key, whatever kid, alg or use a server adds around it. */
const sameKey = (a: LicensePublicJwk, b: LicensePublicJwk) => a.kty === b.kty && a.n === b.n && a.e === b.e;

/**
 * Activation, verification and device management, without React. The token is trusted only after
 * core's verifyLicenseToken accepts it with the server's public key (LI9-LI11); expired tokens are
 * accepted for offline use (LI12), though the tokens we issue carry no exp.
 *
 * The key is pinned to the server (decision 0026): `api` talks to the app's own origin, the key it
 * serves is fetched on every start and replaces the cached one, and a stored token is checked with
 * the server itself whenever that key differs from the cached one (rotated, or planted in
 * localStorage). The cached key alone is used only when the server cannot be reached.
 */
export function createLicenseClient({ api, local, baseState, report, now = Date.now }: LicenseClientDeps) {
  const unlicensed: LicenseSnapshot = { state: baseState };

  async function fetchPublicKey(): Promise<LicensePublicJwk | undefined> {
    try {
      const jwk = await api.publicKey();
      local.publicKey.write(jwk);
      return jwk;
    } catch {
      return undefined;
    }
  }

  /** A token just issued by the server, verified with the key the server serves now. */
  async function verifyIssued(token: string): Promise<LicenseTokenVerification> {
    const served = await fetchPublicKey();
    if (!served) return { valid: false, reason: 'key', detail: 'no_public_key' };
    return verifyLicenseToken(token, served, { acceptExpired: true, now: now() });
  }

  /**
   * The server's own word on a token, asked when the key changed. Only a refusal counts: if the
   * server cannot answer now, the signature already checked against the key it serves.
   */
  async function refusedByServer(token: string): Promise<boolean> {
    try {
      await api.listDevices(token);
      return false;
    } catch (error) {
      return licenseErrorCode(error) === 'token_refused';
    }
  }

  function licensed(claims: LicenseTokenClaims): LicenseSnapshot {
    return { state: { kind: 'licensed', plan: claims.plan }, claims };
  }

  function forgetToken(): LicenseSnapshot {
    local.token.clear();
    return unlicensed;
  }

  function storedToken(): string {
    const token = local.token.read();
    if (!token) throw new LicenseClientError('not_activated', 'This device has no license token.');
    return token;
  }

  /** Runs a device call; a refused token means this device was unlinked or the key revoked. */
  async function withToken<T>(action: (token: string) => Promise<T>): Promise<T> {
    try {
      return await action(storedToken());
    } catch (error) {
      if (error instanceof LicenseClientError && error.code === 'token_refused') forgetToken();
      throw error;
    }
  }

  /** Unlinks a device of this key (LS5); unlinking this device ends its license here too. */
  async function unlinkDevice(deviceId: string): Promise<{ unlinkedThisDevice: boolean }> {
    const thisDevice = deviceId === local.deviceId();
    try {
      await withToken((token) => api.unlinkDevice(token, deviceId));
    } catch (error) {
      // Already unlinked elsewhere: the goal (this device not linked) holds.
      const gone = error instanceof LicenseClientError && error.code === 'device_not_found';
      if (!(thisDevice && gone)) throw error;
    }
    if (thisDevice) forgetToken();
    return { unlinkedThisDevice: thisDevice };
  }

  return {
    baseState,

    /** The state from the stored token; a token that fails verification is ignored and reported. */
    async load(): Promise<LicenseSnapshot & { problem?: LicenseProblem }> {
      const token = local.token.read();
      if (!token) return unlicensed;
      const refuse = (problem: LicenseProblem, keepToken = false) => {
        report(problem);
        if (!keepToken) forgetToken();
        return { ...unlicensed, problem };
      };
      const cached = local.publicKey.read();
      const served = await fetchPublicKey();
      const key = served ?? cached;
      if (!key)
        // Offline before the key was ever cached: nothing proves the token wrong, so keep it.
        return refuse(
          { reason: 'no_public_key', detail: 'The license server public key is unavailable.' },
          true,
        );
      const result = await verifyLicenseToken(token, key, { acceptExpired: true, now: now() });
      if (!result.valid) return refuse({ reason: result.reason, detail: result.detail });
      if (result.claims.deviceId !== local.deviceId())
        return refuse({
          reason: 'other_device',
          detail: 'The stored license token belongs to another device.',
        });
      if (served && !(cached && sameKey(cached, served)) && (await refusedByServer(token)))
        return refuse({
          reason: 'refused_by_server',
          detail: 'The license server no longer accepts the stored token.',
        });
      return licensed(result.claims);
    },

    /**
     * Links this device to the key (LS2); OpenAI keys and empty input never reach the server (LI8).
     * `userName` names who uses the device, which team keys count (LS11); blank means nobody.
     */
    async activate(key: string, deviceName: string, userName?: string): Promise<LicenseSnapshot> {
      const trimmed = key.trim();
      if (!trimmed) throw new LicenseClientError('empty_key', 'No license key entered.');
      if (looksLikeOpenAIKey(trimmed))
        throw new LicenseClientError('looks_like_openai_key', 'That is an OpenAI API key.');
      const deviceId = local.deviceId();
      const user = userName?.trim();
      const { token } = await api.activate({
        key: trimmed,
        deviceId,
        deviceName: deviceName.trim(),
        ...(user ? { userName: user } : {}),
      });
      const result = await verifyIssued(token);
      if (!result.valid || result.claims.deviceId !== deviceId) {
        const detail = result.valid ? 'token for another device' : `${result.reason}: ${result.detail}`;
        throw new LicenseClientError('unverifiable_token', detail);
      }
      local.token.write(token);
      return licensed(result.claims);
    },

    listDevices(): Promise<LicenseDeviceList> {
      return withToken((token) => api.listDevices(token));
    },

    unlinkDevice,

    /** Frees this device's slot on the server, then forgets the license here. */
    async deactivate(): Promise<LicenseSnapshot> {
      await unlinkDevice(local.deviceId());
      return unlicensed;
    },

    forgetToken,
    hasToken: () => local.token.read() !== undefined,
  };
}
