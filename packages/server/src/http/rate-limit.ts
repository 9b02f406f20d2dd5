import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

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

/**
 * The peer address of the TCP connection. Forwarded-for headers are ignored on purpose: anyone
 * can send them, so trusting them would let a client pick its own rate-limit bucket.
 */
export function clientAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown'; // no socket, e.g. app.request() in tests
  }
}
