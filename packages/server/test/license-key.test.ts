import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createRateLimiter } from '../src/http/rate-limit';
import {
  canonicalLicenseKey,
  generateLicenseKey,
  hashLicenseKey,
  licenseKeyHint,
  licenseKeyRateLimitPrefix,
} from '../src/license/license-key';

describe('license keys (LS1)', () => {
  it('LS1 are PARLEY- and 32 base32 characters in 8 groups of 4', () => {
    const key = generateLicenseKey();
    expect(key).toMatch(/^PARLEY(-[A-Z2-7]{4}){8}$/);
  });

  it('LS1 encode all 160 random bits (known vectors)', () => {
    expect(generateLicenseKey(() => new Uint8Array(20))).toBe(
      'PARLEY-AAAA-AAAA-AAAA-AAAA-AAAA-AAAA-AAAA-AAAA',
    );
    expect(generateLicenseKey(() => new Uint8Array(20).fill(255))).toBe(
      'PARLEY-7777-7777-7777-7777-7777-7777-7777-7777',
    );
    // RFC 4648 test vector: "foobar" -> MZXW6YTBOI; padded with zero bytes to 20.
    const foobar = new Uint8Array(20);
    foobar.set(new TextEncoder().encode('foobar'));
    expect(generateLicenseKey(() => foobar).replace(/-/g, '')).toMatch(/^PARLEYMZXW6YTBOI/);
  });

  it('LS1 differ every time', () => {
    const keys = new Set(Array.from({ length: 200 }, () => generateLicenseKey()));
    expect(keys.size).toBe(200);
  });

  it('LS1 match when typed in lower case, with spaces or without dashes', () => {
    const key = 'PARLEY-ABCD-EFGH-IJKL-MNOP-QRST-UVWX-YZ23-4567';
    const canonical = 'PARLEYABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
    expect(canonicalLicenseKey(key)).toBe(canonical);
    expect(canonicalLicenseKey(` ${key.toLowerCase()} \n`)).toBe(canonical);
    expect(canonicalLicenseKey(canonical)).toBe(canonical);
    expect(canonicalLicenseKey('PARLEY-ABCD')).toBeUndefined();
    expect(canonicalLicenseKey('PARLEY-ABCD-EFGH-IJKL-MNOP-QRST-UVWX-YZ23-4561')).toBeUndefined(); // 1 not base32
    expect(canonicalLicenseKey('sk-proj-abc')).toBeUndefined();
  });

  it('LS1 are stored as the SHA-256 of the canonical form, with the last 4 characters as hint', () => {
    const canonical = 'PARLEYABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
    expect(hashLicenseKey(canonical)).toBe(createHash('sha256').update(canonical).digest('hex'));
    expect(licenseKeyHint(canonical)).toBe('4567');
  });

  it('LS7 group attempts by PARLEY and the first 8 key characters', () => {
    expect(licenseKeyRateLimitPrefix('parley-abcd-efgh-zzzz')).toBe('PARLEYABCDEFGH');
    expect(licenseKeyRateLimitPrefix('PARLEY-ABCD-EFGH-QQQQ')).toBe('PARLEYABCDEFGH');
  });
});

describe('createRateLimiter', () => {
  it('allows `limit` hits per key and window, then tells how long to wait', () => {
    let now = 1_000_000;
    const limiter = createRateLimiter({ limit: 3, windowMs: 60_000, clock: () => now });
    expect([1, 2, 3].map(() => limiter.hit('a').allowed)).toEqual([true, true, true]);
    expect(limiter.hit('a')).toEqual({ allowed: false, retryAfterSeconds: 60 });
    expect(limiter.hit('b')).toEqual({ allowed: true });
    now += 45_000;
    expect(limiter.hit('a')).toEqual({ allowed: false, retryAfterSeconds: 15 });
    now += 15_000;
    expect(limiter.hit('a')).toEqual({ allowed: true });
  });

  it('forgets old keys once it holds maxKeys, so memory stays bounded', () => {
    let now = 0;
    const limiter = createRateLimiter({ limit: 1, windowMs: 1000, clock: () => now, maxKeys: 2 });
    limiter.hit('a');
    limiter.hit('b');
    limiter.hit('c'); // evicts 'a', the oldest live window
    expect(limiter.hit('c')).toMatchObject({ allowed: false });
    expect(limiter.hit('a')).toEqual({ allowed: true });
    now += 1000;
    expect(limiter.hit('b')).toEqual({ allowed: true });
  });
});
