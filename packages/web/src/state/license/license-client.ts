import {
  looksLikeOpenAIKey,
  verifyLicenseToken,
  type LicenseState,
  type LicenseTokenClaims,
  type LicenseTokenFailure,
  type LicenseTokenVerification,
} from '@parley/core/license';
import type { LicenseApi, LicenseDeviceList, LicensePublicJwk } from './license-api';
import { LicenseClientError } from './license-errors';
import type { StoredValue } from './stored-value';

/** Where the app stands: the state gating reads, and the verified claims behind a license. */
export type LicenseSnapshot = { state: LicenseState; claims?: LicenseTokenClaims };

/** A stored token this app refused to use; the client reports it and falls back to no license. */
export type LicenseProblem = {
  reason: LicenseTokenFailure | 'other_device' | 'no_public_key';
  detail: string;
};

export type LicenseLocalData = {
  token: StoredValue<string>;
  /** The server's public key, kept so a license verifies offline. */
  publicKey: StoredValue<LicensePublicJwk>;
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

/**
 * Activation, verification and device management, without React. The token is trusted only after
 * core's verifyLicenseToken accepts it with the server's public key (LI9-LI11); expired tokens are
 * accepted for offline use (LI12), though the tokens we issue carry no exp.
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

  /** Verifies with the cached key; on a key or signature failure, once more with a fresh key (rotation). */
  async function verify(token: string, preferFreshKey: boolean): Promise<LicenseTokenVerification> {
    const cached = local.publicKey.read();
    const first = (preferFreshKey ? await fetchPublicKey() : undefined) ?? cached ?? (await fetchPublicKey());
    if (!first) return { valid: false, reason: 'key', detail: 'no_public_key' };
    const options = { acceptExpired: true, now: now() };
    const result = await verifyLicenseToken(token, first, options);
    if (result.valid || preferFreshKey || (result.reason !== 'signature' && result.reason !== 'key'))
      return result;
    const fresh = await fetchPublicKey();
    if (!fresh || JSON.stringify(fresh) === JSON.stringify(first)) return result;
    return verifyLicenseToken(token, fresh, options);
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
      const result = await verify(token, false);
      if (!result.valid && result.detail === 'no_public_key')
        // Offline before the key was ever cached: nothing proves the token wrong, so keep it.
        return refuse(
          { reason: 'no_public_key', detail: 'The license server public key is unavailable.' },
          true,
        );
      if (!result.valid) return refuse({ reason: result.reason, detail: result.detail });
      if (result.claims.deviceId !== local.deviceId())
        return refuse({
          reason: 'other_device',
          detail: 'The stored license token belongs to another device.',
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
      const result = await verify(token, true);
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
