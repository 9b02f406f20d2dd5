import { generateKeyPairSync } from 'node:crypto';
import { chmodSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { exportJWK, generateKeyPair } from 'jose';
import { describe, expect, it } from 'vitest';
import { loadLicenseSigningKey, SigningKeyError, signingKeyFileName } from '../src/license/signing-key';

const tempDir = () => mkdtempSync(path.join(os.tmpdir(), 'parley-key-'));

// RSA key generation is CPU-bound and slow on a busy machine: a generous ceiling, not a benchmark.
describe('license signing key', { timeout: 30_000 }, () => {
  it('is generated on first start into a 0600 file and reused afterwards', async () => {
    const dataDir = tempDir();
    const first = await loadLicenseSigningKey({ dataDir });
    const file = path.join(dataDir, signingKeyFileName);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const stored = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
    expect(stored).toMatchObject({ kty: 'RSA', n: first.publicJwk.n });
    expect(stored.d).toBeTruthy();
    expect(Buffer.from(stored.n!, 'base64url').length * 8).toBeGreaterThanOrEqual(2048);

    const again = await loadLicenseSigningKey({ dataDir });
    expect(again.kid).toBe(first.kid);
    expect(again.publicJwk).toEqual(first.publicJwk);
  });

  it('serves a public JWK with kid, alg RS256 and use sig, and no private part', async () => {
    const { publicJwk } = await loadLicenseSigningKey({ dataDir: tempDir() });
    expect(Object.keys(publicJwk).sort()).toEqual(['alg', 'e', 'kid', 'kty', 'n', 'use']);
    expect(publicJwk).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
  });

  it('tightens a key file that others can read', async () => {
    const dataDir = tempDir();
    await loadLicenseSigningKey({ dataDir });
    const file = path.join(dataDir, signingKeyFileName);
    chmodSync(file, 0o644);
    await loadLicenseSigningKey({ dataDir });
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('never replaces a corrupted key file (that would void every issued token)', async () => {
    const dataDir = tempDir();
    const file = path.join(dataDir, signingKeyFileName);
    writeFileSync(file, '{ not json', { mode: 0o600 });
    await expect(loadLicenseSigningKey({ dataDir })).rejects.toThrow(SigningKeyError);
    expect(readFileSync(file, 'utf8')).toBe('{ not json');
  });

  it('takes LICENSE_PRIVATE_KEY_JWK when given, writing no file', async () => {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    const jwk = await exportJWK(privateKey);
    const dataDir = tempDir();
    const key = await loadLicenseSigningKey({ dataDir, privateJwkJson: JSON.stringify(jwk) });
    expect(key.publicJwk.n).toBe(jwk.n);
    expect(() => statSync(path.join(dataDir, signingKeyFileName))).toThrow();
  });

  it('validates LICENSE_PRIVATE_KEY_JWK and names the variable', async () => {
    const dataDir = tempDir();
    const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
    const jwk = await exportJWK(privateKey);
    const other = await exportJWK((await generateKeyPair('RS256', { extractable: true })).privateKey);
    const small = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ format: 'jwk' });
    const bad = [
      'not json',
      JSON.stringify(await exportJWK(publicKey)), // public only
      JSON.stringify({ ...jwk, kty: 'EC' }),
      JSON.stringify(small),
      JSON.stringify({ ...jwk, n: other.n }), // private parts of one key, modulus of another
    ];
    for (const text of bad) {
      await expect(loadLicenseSigningKey({ dataDir, privateJwkJson: text })).rejects.toThrow(
        /LICENSE_PRIVATE_KEY_JWK/,
      );
    }
  });
});
