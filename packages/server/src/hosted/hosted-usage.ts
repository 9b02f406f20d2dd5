import { randomBytes } from 'node:crypto';
import type { HostedUsageReport } from '@parley/core/hosted';
import { sql, type Kysely, type Transaction } from 'kysely';
import { addUsage, MICROS } from './hosted-limits-store';
import type { HostedDatabase } from './hosted-tables';

/** HM11: one row per relayed request, written before the call and finished after it. */

const DAY_MS = 86_400_000;

export type UsageStart = {
  userId: string;
  modelId: string;
  displayName: string;
  provider: string;
  at: number;
};
export type UsageEnd = {
  status: 'ok' | 'error' | 'aborted';
  httpStatus: number | null;
  promptTokens: number;
  completionTokens: number;
  costUSD: number;
  at: number;
};

export async function startUsage(trx: Transaction<HostedDatabase>, start: UsageStart): Promise<string> {
  const id = `hu_${start.at.toString(36)}_${randomBytes(6).toString('hex')}`;
  await trx
    .insertInto('hosted_usage')
    .values({
      id,
      user_id: start.userId,
      model_id: start.modelId,
      display_name: start.displayName,
      provider: start.provider,
      status: 'pending',
      http_status: null,
      prompt_tokens: 0,
      completion_tokens: 0,
      cost_micros: 0,
      created_at: start.at,
      finished_at: null,
    })
    .execute();
  return id;
}

/** Finishes the row and adds its tokens and cost to the limit counters, in one transaction. */
export async function finishUsage(db: Kysely<HostedDatabase>, id: string, userId: string, end: UsageEnd) {
  const costMicros = Math.max(0, Math.round(end.costUSD * MICROS));
  const promptTokens = Math.max(0, Math.round(end.promptTokens));
  const completionTokens = Math.max(0, Math.round(end.completionTokens));
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('hosted_usage')
      .set({
        status: end.status,
        http_status: end.httpStatus,
        prompt_tokens: promptTokens,
        completion_tokens: completionTokens,
        cost_micros: costMicros,
        finished_at: end.at,
      })
      .where('id', '=', id)
      .execute();
    await addUsage(trx, userId, end.at, { tokens: promptTokens + completionTokens, costMicros });
  });
}

type Totals = { requests: number; promptTokens: number; completionTokens: number; costUSD: number };

function totals(row: { requests: unknown; prompt: unknown; completion: unknown; cost: unknown }): Totals {
  // PostgreSQL answers sums of bigints as numeric (strings); SQLite as numbers.
  return {
    requests: Number(row.requests ?? 0),
    promptTokens: Number(row.prompt ?? 0),
    completionTokens: Number(row.completion ?? 0),
    costUSD: Number(row.cost ?? 0) / MICROS,
  };
}

/** HM11: the last `days` days (UTC), per member, per model and per day. */
export async function usageReport(
  db: Kysely<HostedDatabase>,
  now: number,
  days: number,
): Promise<HostedUsageReport> {
  const from = Math.floor(now / DAY_MS) * DAY_MS - (days - 1) * DAY_MS;
  const sums = {
    requests: sql<number>`count(*)`.as('requests'),
    prompt: sql<number>`sum(hosted_usage.prompt_tokens)`.as('prompt'),
    completion: sql<number>`sum(hosted_usage.completion_tokens)`.as('completion'),
    cost: sql<number>`sum(hosted_usage.cost_micros)`.as('cost'),
  };
  const base = db.selectFrom('hosted_usage').where('hosted_usage.created_at', '>=', from);
  const byMember = await base
    .leftJoin('users', 'users.id', 'hosted_usage.user_id')
    .select(['hosted_usage.user_id', 'users.email', sums.requests, sums.prompt, sums.completion, sums.cost])
    .groupBy(['hosted_usage.user_id', 'users.email'])
    .execute();
  const byModel = await base
    .select([
      'hosted_usage.model_id',
      sql<string>`max(hosted_usage.display_name)`.as('display_name'),
      sums.requests,
      sums.prompt,
      sums.completion,
      sums.cost,
    ])
    .groupBy('hosted_usage.model_id')
    .execute();
  const dayExpr = sql<number>`(hosted_usage.created_at / ${sql.lit(DAY_MS)})`;
  const byDay = await base
    .select([dayExpr.as('day'), sums.requests, sums.prompt, sums.completion, sums.cost])
    .groupBy(dayExpr)
    .orderBy(dayExpr)
    .execute();
  const tokens = (entry: Totals) => entry.promptTokens + entry.completionTokens;
  return {
    from,
    to: now,
    byMember: byMember
      .map((row) => ({ userId: row.user_id, email: row.email ?? '', ...totals(row) }))
      .sort((a, b) => tokens(b) - tokens(a)),
    byModel: byModel
      .map((row) => ({ modelId: row.model_id, displayName: row.display_name, ...totals(row) }))
      .sort((a, b) => tokens(b) - tokens(a)),
    byDay: byDay.map((row) => ({
      day: new Date(Math.floor(Number(row.day)) * DAY_MS).toISOString().slice(0, 10),
      ...totals(row),
    })),
  };
}
