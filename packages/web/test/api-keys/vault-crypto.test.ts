import { describe, expect, it } from 'vitest';
import {
  IV_BYTES,
  IncorrectPasswordError,
  PBKDF2_ITERATIONS,
  SALT_BYTES,
  browserVaultCrypto,
  createPasswordLock,
  fromBase64,
  openPasswordLock,
  openSealedText,
  sealText,
} from '../../src/state/key-vault/vault-crypto';

// Node's own WebCrypto: the same API the browser gives the app.
const crypto = browserVaultCrypto(globalThis.crypto);

describe('vault crypto', { timeout: 60_000 }, () => {
  it('derives keys with at least 600,000 PBKDF2 iterations', () => {
    expect(PBKDF2_ITERATIONS).toBeGreaterThanOrEqual(600_000);
  });

  it('stores a PBKDF2-SHA-256 lock with a random 16-byte salt and the iteration constant', async () => {
    const first = await createPasswordLock(crypto, 'correct horse');
    const second = await createPasswordLock(crypto, 'correct horse');
    expect(first.lock.kdf).toBe('PBKDF2-SHA-256');
    expect(first.lock.iterations).toBe(PBKDF2_ITERATIONS);
    expect(fromBase64(first.lock.salt)).toHaveLength(SALT_BYTES);
    expect(first.lock.salt).not.toBe(second.lock.salt);
  });

  it('round-trips a key through AES-GCM with a fresh 12-byte IV per encryption', async () => {
    const { lock, key } = await createPasswordLock(crypto, 'correct horse');
    const one = await sealText(crypto, key, 'sk-secret-123');
    const two = await sealText(crypto, key, 'sk-secret-123');
    expect(fromBase64(one.iv)).toHaveLength(IV_BYTES);
    expect(one.iv).not.toBe(two.iv);
    expect(one.data).not.toBe(two.data);
    expect(atob(one.data)).not.toContain('sk-secret-123');

    const reopened = await openPasswordLock(crypto.subtle, lock, 'correct horse');
    await expect(openSealedText(crypto.subtle, reopened, one)).resolves.toBe('sk-secret-123');
  });

  it('rejects a wrong password with "Incorrect password"', async () => {
    const { lock } = await createPasswordLock(crypto, 'correct horse');
    const attempt = openPasswordLock(crypto.subtle, lock, 'battery staple');
    await expect(attempt).rejects.toBeInstanceOf(IncorrectPasswordError);
    await expect(attempt).rejects.toThrow('Incorrect password');
  });

  it('refuses ciphertext that was tampered with', async () => {
    const { key } = await createPasswordLock(crypto, 'pw');
    const sealed = await sealText(crypto, key, 'sk-secret');
    const bytes = fromBase64(sealed.data);
    bytes[0] = bytes[0]! ^ 1;
    const tampered = { ...sealed, data: btoa(String.fromCharCode(...bytes)) };
    await expect(openSealedText(crypto.subtle, key, tampered)).rejects.toThrow();
  });
});
