import { sql, type Kysely } from 'kysely';
import type { Database } from '../db';
import { memoryRateLimits, type RateLimitDecision, type RateLimits } from '../http/rate-limit';

/** Ended windows are deleted at most this often per process (reads ignore them anyway). */
const SWEEP_INTERVAL_MS = 60_000;

/**
 * CL2, CL3: rate limits every server process counts together, in the database, so N attempts spread
 * over several processes meet the limit at N. Each decision is one upsert (atomic on PostgreSQL's
 * row and SQLite's write lock), so two processes never both take the last attempt.
 */
export function databaseRateLimits(
  db: Kysely<Database>,
  clock: () => number = Date.now,
  onError: (message: string) => void = () => {},
): RateLimits {
  let lastSweep = Number.NEGATIVE_INFINITY;
  function sweep(now: number) {
    if (now - lastSweep < SWEEP_INTERVAL_MS && now >= lastSweep) return;
    lastSweep = now;
    db.deleteFrom('rate_limit_windows')
      .where('window_ends_at', '<=', now)
      .execute()
      .catch((error: unknown) => onError(`rate limit sweep failed: ${String(error)}`));
  }

  return {
    limiter(name, { limit, windowMs }) {
      return {
        async hit(key): Promise<RateLimitDecision> {
          const now = clock();
          sweep(now);
          // A window that ended starts again at this hit; otherwise the hit counts in it.
          const ended = sql<boolean>`rate_limit_windows.window_ends_at <= ${now}`;
          const row = await db
            .insertInto('rate_limit_windows')
            .values({ bucket: `${name}:${key}`, window_ends_at: now + windowMs, hits: 1 })
            .onConflict((conflict) =>
              conflict.column('bucket').doUpdateSet({
                hits: sql<number>`case when ${ended} then 1 else rate_limit_windows.hits + 1 end`,
                window_ends_at: sql<number>`case when ${ended} then excluded.window_ends_at else rate_limit_windows.window_ends_at end`,
              }),
            )
            .returning(['hits', 'window_ends_at'])
            .executeTakeFirstOrThrow();
          if (Number(row.hits) <= limit) return { allowed: true };
          return {
            allowed: false,
            retryAfterSeconds: Math.max(1, Math.ceil((Number(row.window_ends_at) - now) / 1000)),
          };
        },
      };
    },

    byteBudget(name, { bytesPerSecond }) {
      const perSecond = Math.max(1, Math.floor(bytesPerSecond));
      const rate = sql.lit(perSecond);
      return {
        async spend(bytes): Promise<RateLimitDecision> {
          const now = clock();
          const spent = sql.lit(Math.max(0, Math.floor(bytes)));
          const at = sql`cast(${now} as bigint)`;
          // The token bucket of createByteBudget, in one statement: refill for the time since the
          // last request (at most one second's worth), then spend unless the bucket is in debt.
          const elapsed = sql`(case when ${at} > byte_budgets.refilled_at then ${at} - byte_budgets.refilled_at else 0 end)`;
          const grown = sql`(byte_budgets.tokens + ${elapsed} * ${rate} / 1000.0)`;
          const refilled = sql`(case when ${grown} > ${rate} then ${rate} else ${grown} end)`;
          const row = await db
            .insertInto('byte_budgets')
            .values({
              name,
              tokens: sql<number>`${rate} - ${spent}`,
              refilled_at: now,
              last_spent: sql<number>`${spent}`,
            })
            .onConflict((conflict) =>
              conflict.column('name').doUpdateSet({
                tokens: sql<number>`case when ${refilled} >= 0 then ${refilled} - ${spent} else ${refilled} end`,
                last_spent: sql<number>`case when ${refilled} >= 0 then ${spent} else -1 end`,
                refilled_at: sql<number>`case when ${at} > byte_budgets.refilled_at then ${at} else byte_budgets.refilled_at end`,
              }),
            )
            .returning(['tokens', 'last_spent'])
            .executeTakeFirstOrThrow();
          if (Number(row.last_spent) >= 0) return { allowed: true };
          const debt = -Number(row.tokens);
          return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(debt / perSecond)) };
        },
      };
    },
  };
}

/**
 * CL2: the limits a server counts by default: in the database on PostgreSQL (several processes may
 * share it), in memory on SQLite (one process; a write per anonymous request would only queue
 * behind syncs on its one writer).
 */
export function rateLimitsFor(
  database: { db: Kysely<Database>; dialect: 'sqlite' | 'postgres' } | undefined,
  clock: () => number = Date.now,
  onError?: (message: string) => void,
): RateLimits {
  if (database?.dialect === 'postgres') return databaseRateLimits(database.db, clock, onError);
  return memoryRateLimits(clock);
}
