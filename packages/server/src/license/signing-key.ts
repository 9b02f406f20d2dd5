import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { LICENSE_TOKEN_ALGORITHM } from '@parley/core/license';
import {
  calculateJwkThumbprint,
  CompactSign,
  compactVerify,
  exportJWK,
  generateKeyPair,
  importJWK,
  type CryptoKey,
  type JWK,
} from 'jose';
import { z } from 'zod';

export const signingKeyFileName = 'license-signing-key.json';
const MIN_MODULUS_BITS = 2048;

export type PublicLicenseJwk = { kty: 'RSA'; n: string; e: string; kid: string; alg: 'RS256'; use: 'sig' };

export type LicenseSigningKey = {
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  publicJwk: PublicLicenseJwk;
  kid: string;
};

export class SigningKeyError extends Error {}

const privateRsaJwkSchema = z.object({
  kty: z.literal('RSA'),
  n: z.string().min(1),
  e: z.string().min(1),
  d: z.string().min(1),
  p: z.string().min(1),
  q: z.string().min(1),
  dp: z.string().min(1),
  dq: z.string().min(1),
  qi: z.string().min(1),
});

type PrivateRsaJwk = z.infer<typeof privateRsaJwkSchema>;

/**
 * The RS256 key that signs license tokens: from LICENSE_PRIVATE_KEY_JWK when given (several
 * servers can then share one key), else `<dataDir>/license-signing-key.json`, created on first
 * start with mode 0600. An unreadable existing key is an error, never silently replaced: a new key
 * would invalidate every token already issued.
 */
export async function loadLicenseSigningKey(options: {
  dataDir: string;
  privateJwkJson?: string | undefined;
}): Promise<LicenseSigningKey> {
  if (options.privateJwkJson) return fromJson(options.privateJwkJson, 'LICENSE_PRIVATE_KEY_JWK');

  const file = path.join(options.dataDir, signingKeyFileName);
  const existing = readIfExists(file);
  if (existing !== undefined) {
    chmodSync(file, 0o600);
    return fromJson(existing, file);
  }

  const { privateKey } = await generateKeyPair(LICENSE_TOKEN_ALGORITHM, { extractable: true });
  const jwk = privateRsaJwkSchema.parse(await exportJWK(privateKey));
  try {
    // 'wx': if another process created the file meanwhile, keep theirs.
    writeFileSync(file, `${JSON.stringify(jwk, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return fromJson(readFileSync(file, 'utf8'), file);
    throw error;
  }
  return fromPrivateJwk(jwk);
}

async function fromJson(text: string, source: string): Promise<LicenseSigningKey> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new SigningKeyError(`${source}: the license signing key is not valid JSON`);
  }
  const parsed = privateRsaJwkSchema.safeParse(value);
  if (!parsed.success) {
    throw new SigningKeyError(
      `${source}: expected a private RSA JWK (kty RSA with n, e, d, p, q, dp, dq, qi)`,
    );
  }
  const bits = Buffer.from(parsed.data.n, 'base64url').length * 8;
  if (bits < MIN_MODULUS_BITS) {
    throw new SigningKeyError(
      `${source}: the RSA key has ${bits} bits; at least ${MIN_MODULUS_BITS} are required`,
    );
  }
  try {
    return await fromPrivateJwk(parsed.data);
  } catch (error) {
    throw new SigningKeyError(`${source}: unusable RSA key (${(error as Error).message})`);
  }
}

async function fromPrivateJwk(jwk: PrivateRsaJwk): Promise<LicenseSigningKey> {
  const privateKey = (await importJWK(jwk, LICENSE_TOKEN_ALGORITHM)) as CryptoKey;
  const kid = await calculateJwkThumbprint({ kty: 'RSA', n: jwk.n, e: jwk.e });
  const publicJwk: PublicLicenseJwk = { kty: 'RSA', n: jwk.n, e: jwk.e, kid, alg: 'RS256', use: 'sig' };
  const publicKey = (await importJWK(publicJwk as JWK, LICENSE_TOKEN_ALGORITHM)) as CryptoKey;
  await assertKeysMatch(privateKey, publicKey);
  return { privateKey, publicKey, publicJwk, kid };
}

// A hand-edited JWK can pair a private exponent with the wrong modulus; signing would then yield
// tokens nobody can verify. One round trip at start catches that.
async function assertKeysMatch(privateKey: CryptoKey, publicKey: CryptoKey) {
  const probe = await new CompactSign(new TextEncoder().encode('parley-key-check'))
    .setProtectedHeader({ alg: LICENSE_TOKEN_ALGORITHM })
    .sign(privateKey);
  await compactVerify(probe, publicKey);
}

function readIfExists(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
