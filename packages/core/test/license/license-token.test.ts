import { base64url, exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { LICENSE_TOKEN_AUDIENCE, LICENSE_TOKEN_ISSUER } from '../../src/license/catalogue';
import { verifyLicenseToken } from '../../src/license/license-token';

const claims = {
  plan: 'standard',
  features: ['premiumCharacters', 'fillContentWithAI', 'uploadDocuments'],
  deviceId: 'device-1',
  keyHint: 'AB12',
  activationId: 'act-1',
};
const issuedAt = 1_800_000_000; // seconds

let privateKey: CryptoKey;
let publicJwk: JWK;
let otherPrivateKey: CryptoKey;

beforeAll(async () => {
  const pair = await generateKeyPair('RS256', { extractable: true });
  privateKey = pair.privateKey;
  publicJwk = await exportJWK(pair.publicKey);
  otherPrivateKey = (await generateKeyPair('RS256')).privateKey;
});

function token(
  overrides: { iss?: string; aud?: string; exp?: number; key?: CryptoKey; payload?: object } = {},
) {
  const jwt = new SignJWT({ ...claims, ...overrides.payload })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
    .setSubject('lic-1')
    .setIssuer(overrides.iss ?? LICENSE_TOKEN_ISSUER)
    .setAudience(overrides.aud ?? LICENSE_TOKEN_AUDIENCE)
    .setIssuedAt(issuedAt);
  if (overrides.exp !== undefined) jwt.setExpirationTime(overrides.exp);
  return jwt.sign(overrides.key ?? privateKey);
}

const encodeJson = (value: object) => base64url.encode(JSON.stringify(value));

describe('verifyLicenseToken', () => {
  it('LI11 accepts a valid token and returns its parsed claims', async () => {
    const result = await verifyLicenseToken(await token(), publicJwk);
    expect(result).toEqual({
      valid: true,
      claims: {
        licenseId: 'lic-1',
        plan: 'standard',
        features: ['premiumCharacters', 'fillContentWithAI', 'uploadDocuments'],
        deviceId: 'device-1',
        keyHint: 'AB12',
        activationId: 'act-1',
        issuedAt: issuedAt * 1000,
      },
    });
  });

  it('LI9 refuses alg none', async () => {
    const [, payload] = (await token()).split('.');
    const forged = `${encodeJson({ alg: 'none', typ: 'JWT' })}.${payload}.`;
    expect(await verifyLicenseToken(forged, publicJwk)).toMatchObject({ valid: false, reason: 'algorithm' });
  });

  it('LI9 refuses HS256 signed with the public key as the HMAC secret', async () => {
    const secrets = [new TextEncoder().encode(JSON.stringify(publicJwk)), base64url.decode(publicJwk.n!)];
    for (const secret of secrets) {
      const forged = await new SignJWT({ ...claims, plan: 'premium' })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject('lic-1')
        .setIssuer(LICENSE_TOKEN_ISSUER)
        .setAudience(LICENSE_TOKEN_AUDIENCE)
        .setIssuedAt(issuedAt)
        .sign(secret);
      expect(await verifyLicenseToken(forged, publicJwk)).toMatchObject({
        valid: false,
        reason: 'algorithm',
      });
    }
  });

  it('LI9 refuses a token signed by another RSA key', async () => {
    const forged = await token({ key: otherPrivateKey });
    expect(await verifyLicenseToken(forged, publicJwk)).toMatchObject({ valid: false, reason: 'signature' });
  });

  it('LI10 refuses a wrong issuer', async () => {
    const forged = await token({ iss: 'someone-else' });
    expect(await verifyLicenseToken(forged, publicJwk)).toMatchObject({ valid: false, reason: 'issuer' });
  });

  it('LI10 refuses a wrong audience', async () => {
    const forged = await token({ aud: 'another-app' });
    expect(await verifyLicenseToken(forged, publicJwk)).toMatchObject({ valid: false, reason: 'audience' });
  });

  it('LI11 refuses a token whose payload was changed after signing', async () => {
    const [header, payload, signature] = (await token()).split('.');
    const changed = { ...JSON.parse(new TextDecoder().decode(base64url.decode(payload!))), plan: 'premium' };
    const forged = `${header}.${encodeJson(changed)}.${signature}`;
    expect(await verifyLicenseToken(forged, publicJwk)).toMatchObject({ valid: false, reason: 'signature' });
  });

  it('LI11 refuses a correctly signed token whose claims break the schema', async () => {
    const signed = await token({ payload: { plan: 'gold' } });
    expect(await verifyLicenseToken(signed, publicJwk)).toMatchObject({ valid: false, reason: 'claims' });
  });

  it('LI11 drops feature names it does not know', async () => {
    const signed = await token({ payload: { features: ['vision', 'teleport'] } });
    const result = await verifyLicenseToken(signed, publicJwk);
    expect(result.valid && result.claims.features).toEqual(['vision']);
  });

  it('LI12 refuses an expired token unless acceptExpired is set', async () => {
    const exp = issuedAt + 60;
    const signed = await token({ exp });
    const later = (exp + 1) * 1000;
    expect(await verifyLicenseToken(signed, publicJwk, { now: later })).toMatchObject({
      valid: false,
      reason: 'expired',
    });
    const accepted = await verifyLicenseToken(signed, publicJwk, { now: later, acceptExpired: true });
    expect(accepted).toMatchObject({ valid: true, claims: { expiresAt: exp * 1000, plan: 'standard' } });
    expect(await verifyLicenseToken(signed, publicJwk, { now: (exp - 1) * 1000 })).toMatchObject({
      valid: true,
    });
  });

  it('LI12 acceptExpired still refuses a forged expired token', async () => {
    const forged = await token({ exp: issuedAt + 60, key: otherPrivateKey });
    const result = await verifyLicenseToken(forged, publicJwk, {
      now: (issuedAt + 120) * 1000,
      acceptExpired: true,
    });
    expect(result).toMatchObject({ valid: false, reason: 'signature' });
  });

  it('refuses garbage and a key that is not an RSA public key', async () => {
    expect(await verifyLicenseToken('not-a-token', publicJwk)).toMatchObject({
      valid: false,
      reason: 'malformed',
    });
    const privateJwk = await exportJWK(privateKey);
    expect(await verifyLicenseToken(await token(), privateJwk)).toMatchObject({
      valid: false,
      reason: 'key',
    });
  });
});
