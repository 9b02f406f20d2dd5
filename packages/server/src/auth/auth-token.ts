import { createHash, randomBytes } from 'node:crypto';

/** A cloud token: 32 random bytes, base64url (43 characters). Only its SHA-256 is stored. */
export function newCloudToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashCloudToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export function looksLikeCloudToken(value: string): boolean {
  return TOKEN_SHAPE.test(value);
}
