import { exportJWK, generateKeyPair, SignJWT } from 'jose';

/** The token's issuer and audience, as the real server signs them (core's license catalogue). */
const ISSUER = 'parley-license-server';
const AUDIENCE = 'parley-app';

/**
 * What someone would write into localStorage to fake a license: a key pair of their own and a
 * Premium token for this browser's device id, right in every claim except whose key signed it.
 */
export async function plantedLicense(deviceId: string) {
  const keys = await generateKeyPair('RS256', { extractable: true });
  const publicJwk = { ...(await exportJWK(keys.publicKey)), alg: 'RS256', use: 'sig', kid: 'planted' };
  const token = await new SignJWT({
    plan: 'premium',
    features: ['premiumCharacters', 'fillContentWithAI', 'uploadDocuments', 'textToSpeech', 'webSearch'],
    deviceId,
    keyHint: 'FAKE',
    activationId: 'act-planted',
  })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT', kid: 'planted' })
    .setSubject('lic-planted')
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .sign(keys.privateKey);
  return { publicJwk, token };
}
