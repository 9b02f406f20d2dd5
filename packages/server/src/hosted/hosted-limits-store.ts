import {
  HostedLimitsSchema,
  reachedLimit,
  windowStart,
  type HostedLimits,
  type HostedUsed,
  type LimitReached,
  type LimitWindow,
} from '@parley/core/hosted';
import type { Kysely, Transaction } from 'kysely';
import type { HostedDatabase } from './hosted-tables';

/**
 * HM8-HM9: limits and their counters, all in the database so that every server process counts the
 * same requests (the scale-out setup runs several on one PostgreSQL). A counter is one row per
 * scope and UTC window; it is only ever changed by `INSERT … ON CONFLICT DO UPDATE SET n = n + …`,
 * which each database applies atomically, and the request counter's new value decides (RETURNING),
 * so two processes can never both take the last request of a minute.
 */

export const ORGANISATION_SCOPE = 'organisation';
export const MEMBERS_SCOPE = 'members';
export const userScope = (userId: string) => `user:${userId}`;

type Db = Kysely<HostedDatabase> | Transaction<HostedDatabase>;

export const MICROS = 1_000_000;

export function parseLimits(text: string | undefined): HostedLimits {
  if (text === undefined) return {};
  try {
    const parsed = HostedLimitsSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

/** The limits of the organisation, of every member, and the member's own (which replace the latter). */
export async function limitsOf(
  db: Db,
  userId: string,
): Promise<{ organisation: HostedLimits; member: HostedLimits }> {
  const rows = await db
    .selectFrom('hosted_limits')
    .select(['scope', 'limits'])
    .where('scope', 'in', [ORGANISATION_SCOPE, MEMBERS_SCOPE, userScope(userId)])
    .execute();
  const byScope = new Map(rows.map((row) => [row.scope, row.limits]));
  return {
    organisation: parseLimits(byScope.get(ORGANISATION_SCOPE)),
    member: parseLimits(byScope.get(userScope(userId)) ?? byScope.get(MEMBERS_SCOPE)),
  };
}

const windows: readonly LimitWindow[] = ['minute', 'day', 'month'];

/** What `scope` used in the windows holding `now`. */
export async function usedBy(db: Db, scope: string, now: number): Promise<HostedUsed> {
  const rows = await db
    .selectFrom('hosted_counters')
    .select(['period', 'window_start', 'requests', 'tokens', 'cost_micros'])
    .where('scope', '=', scope)
    .where((eb) =>
      eb.or(
        windows.map((period) =>
          eb.and([eb('period', '=', period), eb('window_start', '=', windowStart(period, now))]),
        ),
      ),
    )
    .execute();
  const row = (period: LimitWindow) => rows.find((entry) => entry.period === period);
  return {
    requestsThisMinute: Number(row('minute')?.requests ?? 0),
    tokensToday: Number(row('day')?.tokens ?? 0),
    tokensThisMonth: Number(row('month')?.tokens ?? 0),
    costTodayUSD: Number(row('day')?.cost_micros ?? 0) / MICROS,
    costThisMonthUSD: Number(row('month')?.cost_micros ?? 0) / MICROS,
  };
}

async function addTo(
  db: Db,
  scope: string,
  period: LimitWindow,
  now: number,
  add: { requests: number; tokens: number; costMicros: number },
): Promise<number> {
  const row = await db
    .insertInto('hosted_counters')
    .values({
      scope,
      period,
      window_start: windowStart(period, now),
      requests: add.requests,
      tokens: add.tokens,
      cost_micros: add.costMicros,
    })
    .onConflict((conflict) =>
      conflict.columns(['scope', 'period', 'window_start']).doUpdateSet((eb) => ({
        requests: eb('hosted_counters.requests', '+', add.requests),
        tokens: eb('hosted_counters.tokens', '+', add.tokens),
        cost_micros: eb('hosted_counters.cost_micros', '+', add.costMicros),
      })),
    )
    .returning('requests')
    .executeTakeFirstOrThrow();
  return Number(row.requests);
}

export class LimitReachedError extends Error {
  constructor(readonly reached: LimitReached) {
    super(`hosted limit reached: ${reached.scope} ${reached.kind}`);
  }
}

/**
 * HM9: inside the caller's transaction, checks the member's and the organisation's limits and
 * counts the request in this minute's counters; throws LimitReachedError (the transaction then
 * rolls back, counting nothing) when one is reached. Token and cost limits compare the window's
 * total so far: the request that crosses one finishes, the next one is refused.
 */
export async function takeRequest(
  trx: Transaction<HostedDatabase>,
  userId: string,
  now: number,
): Promise<void> {
  const limits = await limitsOf(trx, userId);
  const scopes = [
    { scope: userScope(userId), kind: 'member' as const, limits: limits.member },
    { scope: ORGANISATION_SCOPE, kind: 'organisation' as const, limits: limits.organisation },
  ];
  for (const { scope, kind, limits: scopeLimits } of scopes) {
    const counted = await addTo(trx, scope, 'minute', now, { requests: 1, tokens: 0, costMicros: 0 });
    const used = await usedBy(trx, scope, now);
    // The minute counter now includes this request: it may pass while the count is within the limit.
    const reached = reachedLimit(scopeLimits, { ...used, requestsThisMinute: counted - 1 }, kind, now);
    if (reached) throw new LimitReachedError(reached);
  }
}

/** HM9: adds a finished request's tokens and cost to the day and month counters of both scopes. */
export async function addUsage(
  db: Db,
  userId: string,
  now: number,
  usage: { tokens: number; costMicros: number },
): Promise<void> {
  for (const scope of [userScope(userId), ORGANISATION_SCOPE]) {
    for (const period of ['day', 'month'] as const) {
      await addTo(db, scope, period, now, {
        requests: 1,
        tokens: usage.tokens,
        costMicros: usage.costMicros,
      });
    }
  }
}
