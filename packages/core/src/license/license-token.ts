import { errors, importJWK, jwtVerify, type JWK, type JWTPayload } from 'jose';
import { z } from 'zod';
import { LICENSE_TOKEN_ALGORITHM, LICENSE_TOKEN_AUDIENCE, LICENSE_TOKEN_ISSUER } from './catalogue';
import { licensePlanSchema, planFeatures, type LicensePlan, type PlanFeature } from './plans';

/**
 * Claims the license server puts in a token besides iss and aud. Features a newer server adds are
 * dropped rather than failing the token, so old apps keep working (LI11).
 */
export const licenseTokenPayloadSchema = z.object({
  sub: z.string().min(1),
  plan: licensePlanSchema,
  features: z
    .array(z.string())
    .transform((names) =>
      names.filter((name): name is PlanFeature => planFeatures.includes(name as PlanFeature)),
    ),
  deviceId: z.string().min(1),
  keyHint: z.string(),
  /** Which device link issued the token: unlinking ends it, even if the device is linked again. */
  activationId: z.string().min(1),
  iat: z.number().int().nonnegative(),
  exp: z.number().int().optional(),
});

export type LicenseTokenClaims = {
  licenseId: string;
  plan: LicensePlan;
  features: PlanFeature[];
  deviceId: string;
  keyHint: string;
  activationId: string;
  /** Epoch milliseconds. */
  issuedAt: number;
  /** Epoch milliseconds; tokens we issue never expire, but one that carries exp is checked. */
  expiresAt?: number;
};

export type LicenseTokenFailure =
  'malformed' | 'algorithm' | 'signature' | 'issuer' | 'audience' | 'expired' | 'claims' | 'key';

export type LicenseTokenVerification =
  { valid: true; claims: LicenseTokenClaims } | { valid: false; reason: LicenseTokenFailure; detail: string };

export type VerifyLicenseTokenOptions = {
  /** Accept a token whose exp has passed (its signature, issuer and audience still must hold). */
  acceptExpired?: boolean;
  now?: Date | number;
};

/**
 * Verifies a license token offline with the server's public key (LI9-LI11): RS256 only, fixed
 * issuer and audience, exp honoured when present, claims parsed by schema.
 */
export async function verifyLicenseToken(
  token: string,
  publicJwk: JWK,
  options: VerifyLicenseTokenOptions = {},
): Promise<LicenseTokenVerification> {
  let key;
  try {
    if (publicJwk.kty !== 'RSA' || publicJwk.d !== undefined) throw new Error('not an RSA public key');
    key = await importJWK({ ...publicJwk, alg: LICENSE_TOKEN_ALGORITHM }, LICENSE_TOKEN_ALGORITHM);
  } catch (error) {
    return { valid: false, reason: 'key', detail: describe(error) };
  }

  let payload: JWTPayload;
  try {
    const now = options.now === undefined ? undefined : new Date(options.now);
    const verified = await jwtVerify(token, key, {
      algorithms: [LICENSE_TOKEN_ALGORITHM],
      issuer: LICENSE_TOKEN_ISSUER,
      audience: LICENSE_TOKEN_AUDIENCE,
      ...(now ? { currentDate: now } : {}),
    });
    payload = verified.payload;
  } catch (error) {
    // jose checks exp last, after the signature, issuer, audience and nbf, so the payload it
    // carries on JWTExpired is otherwise fully verified.
    if (options.acceptExpired && error instanceof errors.JWTExpired && error.claim === 'exp') {
      payload = error.payload;
    } else {
      return { valid: false, reason: failureOf(error), detail: describe(error) };
    }
  }

  const parsed = licenseTokenPayloadSchema.safeParse(payload);
  if (!parsed.success) return { valid: false, reason: 'claims', detail: parsed.error.message };
  const claims = parsed.data;
  return {
    valid: true,
    claims: {
      licenseId: claims.sub,
      plan: claims.plan,
      features: claims.features,
      deviceId: claims.deviceId,
      keyHint: claims.keyHint,
      activationId: claims.activationId,
      issuedAt: claims.iat * 1000,
      ...(claims.exp === undefined ? {} : { expiresAt: claims.exp * 1000 }),
    },
  };
}

function failureOf(error: unknown): LicenseTokenFailure {
  if (error instanceof errors.JWTExpired) return 'expired';
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === 'iss') return 'issuer';
    if (error.claim === 'aud') return 'audience';
    return 'claims';
  }
  if (error instanceof errors.JOSEAlgNotAllowed || error instanceof errors.JOSENotSupported)
    return 'algorithm';
  if (error instanceof errors.JWSSignatureVerificationFailed) return 'signature';
  return 'malformed';
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
