import {
  LICENSE_TOKEN_AUDIENCE,
  LICENSE_TOKEN_ISSUER,
  type LicensePlan,
  type PlanFeature,
} from '@parley/core/license';
import { SignJWT } from 'jose';
import type { LicenseSigningKey } from './signing-key';

export type LicenseTokenInput = {
  licenseId: string;
  plan: LicensePlan;
  features: readonly PlanFeature[];
  deviceId: string;
  keyHint: string;
  activationId: string;
};

/** Signs a license token (LI9-LI12): RS256, fixed issuer and audience, no exp (valid forever). */
export function signLicenseToken(
  key: LicenseSigningKey,
  input: LicenseTokenInput,
  nowMs: number,
): Promise<string> {
  return new SignJWT({
    plan: input.plan,
    features: [...input.features],
    deviceId: input.deviceId,
    keyHint: input.keyHint,
    activationId: input.activationId,
  })
    .setProtectedHeader({ alg: 'RS256', kid: key.kid, typ: 'JWT' })
    .setIssuer(LICENSE_TOKEN_ISSUER)
    .setAudience(LICENSE_TOKEN_AUDIENCE)
    .setSubject(input.licenseId)
    .setIssuedAt(Math.floor(nowMs / 1000))
    .sign(key.privateKey);
}
