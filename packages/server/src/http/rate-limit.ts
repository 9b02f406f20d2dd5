import { isIP } from 'node:net';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, MiddlewareHandler } from 'hono';

export type RateLimitDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export type RateLimiter = {
  /** Counts one attempt for `key` and says whether it is within the limit. */
  hit(key: string): RateLimitDecision;
};

export type RateLimiterOptions = {
  limit: number;
  windowMs: number;
  clock?: () => number;
  /** Bound on remembered keys, so a flood of distinct keys cannot grow memory without end. */
  maxKeys?: number;
};

/**
 * In-memory fixed-window limiter: at most `limit` hits per key per window. Per process, which fits
 * one server process (SQLite); several processes on PostgreSQL count in the database instead
 * (`cluster/database-rate-limits.ts`, CL2).
 */
export function createRateLimiter({
  limit,
  windowMs,
  clock = Date.now,
  maxKeys = 10_000,
}: RateLimiterOptions) {
  const windows = new Map<string, { startedAt: number; count: number }>();

  function evict(now: number) {
    for (const [key, window] of windows) {
      if (now - window.startedAt >= windowMs) windows.delete(key);
    }
    // Still full: forget the oldest windows (Map keeps insertion order).
    for (const key of windows.keys()) {
      if (windows.size < maxKeys) break;
      windows.delete(key);
    }
  }

  const limiter: RateLimiter = {
    hit(key) {
      const now = clock();
      let window = windows.get(key);
      if (!window || now - window.startedAt >= windowMs) {
        if (!window && windows.size >= maxKeys) evict(now);
        windows.delete(key);
        window = { startedAt: now, count: 0 };
        windows.set(key, window);
      }
      window.count += 1;
      if (window.count <= limit) return { allowed: true };
      return {
        allowed: false,
        retryAfterSeconds: Math.max(1, Math.ceil((window.startedAt + windowMs - now) / 1000)),
      };
    },
  };
  return limiter;
}

export type ByteBudget = {
  /** Spends `bytes` of the budget when it allows the request. */
  spend(bytes: number): RateLimitDecision;
};

/**
 * A budget of bytes per second shared by every caller (a token bucket holding one second's worth):
 * a request is allowed while the bucket is not in debt and spends its bytes, which may put it in
 * debt, so an answer larger than a second's budget still goes out, and the next waits until the
 * debt is paid.
 */
export function createByteBudget({
  bytesPerSecond,
  clock = Date.now,
}: {
  bytesPerSecond: number;
  clock?: () => number;
}): ByteBudget {
  let tokens = bytesPerSecond;
  let at = clock();
  return {
    spend(bytes) {
      const now = clock();
      tokens = Math.min(bytesPerSecond, tokens + (Math.max(0, now - at) / 1000) * bytesPerSecond);
      at = now;
      if (tokens < 0)
        return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(-tokens / bytesPerSecond)) };
      tokens -= bytes;
      return { allowed: true };
    },
  };
}

/** A rate limit as the routes use it: in memory, or counted in the database by every process. */
export type SharedRateLimiter = {
  hit(key: string): Promise<RateLimitDecision>;
};

export type SharedByteBudget = {
  spend(bytes: number): Promise<RateLimitDecision>;
};

/**
 * Where the routes' limits count (AppDeps.rateLimits): `name` tells one limit's keys from
 * another's, so two limits never share a count.
 */
export type RateLimits = {
  limiter(name: string, options: { limit: number; windowMs: number }): SharedRateLimiter;
  byteBudget(name: string, options: { bytesPerSecond: number }): SharedByteBudget;
};

/** The limits of one process, in memory: one server on SQLite (CL2: PostgreSQL counts in the database). */
export function memoryRateLimits(clock: () => number = Date.now): RateLimits {
  return {
    limiter(_name, options) {
      const limiter = createRateLimiter({ ...options, clock });
      return { hit: (key) => Promise.resolve(limiter.hit(key)) };
    },
    byteBudget(_name, options) {
      const budget = createByteBudget({ ...options, clock });
      return { spend: (bytes) => Promise.resolve(budget.spend(bytes)) };
    },
  };
}

/** Client addresses taken from X-Forwarded-For, by request (set only behind a trusted proxy). */
const forwardedAddresses = new WeakMap<Request, string>();

/**
 * The client's address: the peer address of the TCP connection, or, when that peer is one of the
 * proxies in TRUSTED_PROXIES, the address X-Forwarded-For names (`trustForwardedFor`). Forwarded-for
 * headers from anyone else are ignored on purpose: anyone can send them, so trusting them would let
 * a client pick its own rate-limit bucket.
 */
export function clientAddress(c: Context): string {
  return forwardedAddresses.get(c.req.raw) ?? peerAddress(c);
}

function peerAddress(c: Context): string {
  try {
    return normalAddress(getConnInfo(c).remote.address ?? 'unknown');
  } catch {
    return 'unknown'; // no socket, e.g. app.request() in tests
  }
}

/** `::ffff:10.0.0.1` (an IPv4 peer on a dual-stack socket) is `10.0.0.1`. */
export function normalAddress(address: string): string {
  return address.toLowerCase().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');
}

/**
 * TRUSTED_PROXIES (a load balancer in front of several server processes): a request whose peer is
 * one of `proxies` counts for the address its X-Forwarded-For names: the rightmost one that is not
 * itself a trusted proxy (the hops to the left were written by the client and prove nothing).
 */
export function trustForwardedFor(proxies: ReadonlySet<string>): MiddlewareHandler {
  return async (c, next) => {
    const peer = peerAddress(c);
    if (proxies.has(peer)) {
      const hops = (c.req.header('x-forwarded-for') ?? '')
        .split(',')
        .map((hop) => normalAddress(hop.trim()))
        .filter((hop) => hop.length > 0);
      let address = peer;
      for (let i = hops.length - 1; i >= 0; i--) {
        address = hops[i]!;
        if (!proxies.has(address)) break;
      }
      forwardedAddresses.set(c.req.raw, address);
    }
    await next();
  };
}

/** Parses TRUSTED_PROXIES: IP addresses separated by commas or spaces; the first that is not one, or []. */
export function parseTrustedProxies(
  text: string,
): { ok: true; proxies: Set<string> } | { ok: false; invalid: string } {
  const proxies = new Set<string>();
  for (const part of text.split(/[\s,]+/).filter(Boolean)) {
    if (isIP(part) === 0) return { ok: false, invalid: part };
    proxies.add(normalAddress(part));
  }
  return { ok: true, proxies };
}
