import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * HM5: provider keys sealed at rest with AES-256-GCM under the server's PARLEY_SECRET_KEY
 * (decision 0117). Each sealed value is stored with the id of the key that sealed it, so the key
 * can be rotated: the new key seals, the previous ones (PARLEY_SECRET_KEY_PREVIOUS) still open.
 * The value is bound to its row by the additional data (a sealed key copied to another row does
 * not open).
 */

export type SecretKey = { id: string; bytes: Buffer };
export type SecretKeyring = { current: SecretKey; previous: readonly SecretKey[] };

export type SecretKeyProblem = { problem: string };

const SEALED_VERSION = 'v1';

function keyId(bytes: Buffer): string {
  return createHash('sha256').update('parley-secret-key:').update(bytes).digest('hex').slice(0, 12);
}

/** One key from its base64 text (32 bytes), or why it is not one. */
export function parseSecretKey(text: string, name: string): SecretKey | SecretKeyProblem {
  const trimmed = text.trim();
  const bytes = /^[A-Za-z0-9+/_-]+={0,2}$/.test(trimmed) ? Buffer.from(trimmed, 'base64') : Buffer.alloc(0);
  if (bytes.length !== 32) {
    return {
      problem: `${name} must be 32 random bytes in base64 (44 characters), for example the output of: openssl rand -base64 32`,
    };
  }
  return { id: keyId(bytes), bytes };
}

/** PARLEY_SECRET_KEY (and the comma-separated PARLEY_SECRET_KEY_PREVIOUS) as a keyring. */
export function secretKeyringFrom(
  current: string | undefined,
  previous: string | undefined,
): SecretKeyring | SecretKeyProblem | undefined {
  if (!current || current.trim() === '') return undefined;
  const key = parseSecretKey(current, 'PARLEY_SECRET_KEY');
  if ('problem' in key) return key;
  const older: SecretKey[] = [];
  for (const text of (previous ?? '').split(',').filter((part) => part.trim() !== '')) {
    const parsed = parseSecretKey(text, 'PARLEY_SECRET_KEY_PREVIOUS');
    if ('problem' in parsed) return parsed;
    older.push(parsed);
  }
  return { current: key, previous: older };
}

export type Sealed = { sealed: string; keyId: string };

export function seal(ring: SecretKeyring, plaintext: string, boundTo: string): Sealed {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', ring.current.bytes, iv);
  cipher.setAAD(Buffer.from(boundTo, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  const parts = [
    SEALED_VERSION,
    iv.toString('base64url'),
    body.toString('base64url'),
    tag.toString('base64url'),
  ];
  return { sealed: parts.join('.'), keyId: ring.current.id };
}

export class SealedValueError extends Error {}

/** Opens a sealed value; throws SealedValueError when no key of the ring opens it. */
export function open(ring: SecretKeyring, value: Sealed, boundTo: string): string {
  const key = [ring.current, ...ring.previous].find((candidate) => candidate.id === value.keyId);
  if (!key)
    throw new SealedValueError(`no secret key with id ${value.keyId} (was PARLEY_SECRET_KEY changed?)`);
  const [version, iv, body, tag] = value.sealed.split('.');
  if (version !== SEALED_VERSION || !iv || body === undefined || !tag)
    throw new SealedValueError('not a sealed value');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key.bytes, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(boundTo, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    throw new SealedValueError('the sealed value does not open with its key');
  }
}

/** What an admin sees of a key: its last four characters. */
export function keyHint(apiKey: string): string {
  return apiKey.length <= 8 ? '••••' : `••••${apiKey.slice(-4)}`;
}
