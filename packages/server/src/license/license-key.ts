import { createHash, randomBytes } from 'node:crypto';

const KEY_PREFIX = 'PARLEY';
const BASE32_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
/** 20 random bytes = 160 bits = exactly 32 base32 characters. */
const KEY_RANDOM_BYTES = 20;
const canonicalPattern = /^PARLEY[A-Z2-7]{32}$/;

export type RandomBytes = (size: number) => Uint8Array;

/** A new license key: `PARLEY-` and 32 base32 characters in groups of 4 (LS1). */
export function generateLicenseKey(random: RandomBytes = randomBytes): string {
  const body = base32(random(KEY_RANDOM_BYTES));
  return `${KEY_PREFIX}-${body.match(/.{4}/g)!.join('-')}`;
}

/**
 * The form a key is hashed in: upper case, without spaces or dashes, so a key typed in lower case
 * or pasted with stray spaces still matches. Undefined when the text cannot be a key.
 */
export function canonicalLicenseKey(input: string): string | undefined {
  const canonical = input.toUpperCase().replace(/[\s-]/g, '');
  return canonicalPattern.test(canonical) ? canonical : undefined;
}

/**
 * SHA-256, unsalted, is enough here (LS1): keys carry 160 random bits, so guessing a key from its
 * hash is as hopeless as guessing the key. Slow salted hashes protect low-entropy passwords; a
 * plain digest also lets activation find the key by a unique index.
 */
export function hashLicenseKey(canonicalKey: string): string {
  return createHash('sha256').update(canonicalKey).digest('hex');
}

/** The last 4 characters, shown in lists and tokens to tell keys apart. */
export function licenseKeyHint(canonicalKey: string): string {
  return canonicalKey.slice(-4);
}

/** The part of typed text that groups activation attempts on one key for rate limiting (LS7). */
export function licenseKeyRateLimitPrefix(input: string): string {
  const compact = input.toUpperCase().replace(/[\s-]/g, '');
  return compact.slice(0, KEY_PREFIX.length + 8);
}

function base32(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32_ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32_ALPHABET[(value << (5 - bits)) & 31];
  return out;
}
