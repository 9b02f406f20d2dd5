import type { PasswordLock, SealedValue } from './key-vault-schema';

/**
 * Password encryption of API keys with WebCrypto: PBKDF2-SHA-256 turns the password and a random
 * 16-byte salt into an AES-GCM-256 key; each value is sealed under its own random 12-byte IV. A sealed
 * constant (the verifier) tells a wrong password apart from damaged data. `subtle` and `random` are
 * parameters so this runs unchanged in Node's webcrypto for tests.
 */

/** OWASP's 2023 floor for PBKDF2-HMAC-SHA-256; a test keeps it from ever dropping below. */
export const PBKDF2_ITERATIONS = 600_000;
export const SALT_BYTES = 16;
export const IV_BYTES = 12;
const VERIFIER_TEXT = 'parley-key-vault-v1';

export type VaultCrypto = {
  subtle: SubtleCrypto;
  /** Fills and returns a new array of `length` cryptographically random bytes. */
  randomBytes: (length: number) => Uint8Array<ArrayBuffer>;
};

export function browserVaultCrypto(cryptoImpl: Crypto = globalThis.crypto): VaultCrypto {
  return {
    subtle: cryptoImpl.subtle,
    randomBytes: (length) => cryptoImpl.getRandomValues(new Uint8Array(length)),
  };
}

/** The only error the vault shows as such: the password did not open the lock. */
export class IncorrectPasswordError extends Error {
  readonly code = 'incorrect_password';
  constructor() {
    super('Incorrect password');
    this.name = 'IncorrectPasswordError';
  }
}

export async function deriveVaultKey(
  subtle: SubtleCrypto,
  password: string,
  salt: Uint8Array<ArrayBuffer>,
  iterations: number,
): Promise<CryptoKey> {
  const material = await subtle.importKey('raw', new TextEncoder().encode(password), 'PBKDF2', false, [
    'deriveKey',
  ]);
  return subtle.deriveKey(
    { name: 'PBKDF2', hash: 'SHA-256', salt, iterations },
    material,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
}

export async function sealText(crypto: VaultCrypto, key: CryptoKey, plaintext: string): Promise<SealedValue> {
  const iv = crypto.randomBytes(IV_BYTES);
  const data = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, new TextEncoder().encode(plaintext));
  return { iv: toBase64(iv), data: toBase64(new Uint8Array(data)) };
}

/** Rejects (OperationError) when the key is wrong or the ciphertext was altered. */
export async function openSealedText(
  subtle: SubtleCrypto,
  key: CryptoKey,
  sealed: SealedValue,
): Promise<string> {
  const plain = await subtle.decrypt(
    { name: 'AES-GCM', iv: fromBase64(sealed.iv) },
    key,
    fromBase64(sealed.data),
  );
  return new TextDecoder().decode(plain);
}

/** A new lock for `password`: fresh salt, the iteration constant, and the verifier. */
export async function createPasswordLock(
  crypto: VaultCrypto,
  password: string,
): Promise<{ lock: PasswordLock; key: CryptoKey }> {
  const salt = crypto.randomBytes(SALT_BYTES);
  const key = await deriveVaultKey(crypto.subtle, password, salt, PBKDF2_ITERATIONS);
  const verifier = await sealText(crypto, key, VERIFIER_TEXT);
  return {
    lock: { kdf: 'PBKDF2-SHA-256', iterations: PBKDF2_ITERATIONS, salt: toBase64(salt), verifier },
    key,
  };
}

/** The AES key behind `lock`, or IncorrectPasswordError when the verifier does not open with it. */
export async function openPasswordLock(
  subtle: SubtleCrypto,
  lock: PasswordLock,
  password: string,
): Promise<CryptoKey> {
  const key = await deriveVaultKey(subtle, password, fromBase64(lock.salt), lock.iterations);
  try {
    if ((await openSealedText(subtle, key, lock.verifier)) === VERIFIER_TEXT) return key;
  } catch {
    // AES-GCM authentication failed: the key is not the one the verifier was sealed with.
  }
  throw new IncorrectPasswordError();
}

export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}
