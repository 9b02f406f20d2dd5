import { deviceId } from './device-identity';
import {
  type LicenseLocalData,
  type LicensePublicJwk,
  nonEmptyString,
  localPref,
  type PrefStorage,
} from '../../state';

export const LICENSE_TOKEN_KEY = 'TM_licenseToken';
export const LICENSE_PUBLIC_KEY_KEY = 'TM_licensePublicKey';

const rsaJwk = (decoded: unknown): LicensePublicJwk | undefined =>
  typeof decoded === 'object' && decoded !== null && (decoded as { kty?: unknown }).kty === 'RSA'
    ? (decoded as LicensePublicJwk)
    : undefined;

/** The license token, the cached public key and the device id, all in localStorage. */
export function licenseLocalData(storage?: () => PrefStorage | undefined): LicenseLocalData {
  return {
    token: localPref(LICENSE_TOKEN_KEY, nonEmptyString, undefined, storage),
    publicKey: localPref(LICENSE_PUBLIC_KEY_KEY, rsaJwk, undefined, storage),
    deviceId: () => deviceId(storage),
  };
}
