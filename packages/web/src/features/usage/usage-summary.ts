import type { UsageRecord } from '@parley/core/entities';

/** The Usage screen's numbers: totals, one bar per day of the range and one row per model. */
export const usageRanges = [7, 30, 90] as const;
export type UsageRangeDays = (typeof usageRanges)[number];

export type UsageTotals = { costUSD: number; tokens: number; requests: number };
export type UsageDay = UsageTotals & { day: string };
/** model null: records that named no model. Tokens and cost of the answers only. */
export type UsageModelRow = UsageTotals & { model: string | null };
/** The hidden calls after an answer (chat titles, keyword suggestions), summed apart (AN3). */
export type UsageEnhancements = { costUSD: number; tokens: number };

export type UsageSummary = {
  /** Everything: answers and enhancements. */
  totals: UsageTotals;
  /** Every day of the range, oldest first, zero where nothing was recorded. */
  days: UsageDay[];
  /** Most expensive first (then most tokens); with `enhancements`, they add up to the totals. */
  models: UsageModelRow[];
  enhancements: UsageEnhancements;
};

/** Local calendar day of a moment, as YYYY-MM-DD. */
export function localDayKey(moment: Date): string {
  const month = String(moment.getMonth() + 1).padStart(2, '0');
  const day = String(moment.getDate()).padStart(2, '0');
  return `${moment.getFullYear()}-${month}-${day}`;
}

/** Midnight (local) that starts the range of `days` days ending today. */
export function rangeStart(days: number, now: Date): Date {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate() - (days - 1));
}

const zero = (): UsageTotals => ({ costUSD: 0, tokens: 0, requests: 0 });

function add(totals: UsageTotals, record: UsageRecord): void {
  totals.costUSD += record.totalCostUSD;
  totals.tokens += record.totalTokens;
  totals.requests += 1;
}

/** Sums records by local day and by model over the `days` days ending with today. */
export function summariseUsage(records: readonly UsageRecord[], days: number, now: Date): UsageSummary {
  const start = rangeStart(days, now);
  const dayList: UsageDay[] = [];
  for (let offset = 0; offset < days; offset += 1) {
    const day = new Date(start.getFullYear(), start.getMonth(), start.getDate() + offset);
    dayList.push({ day: localDayKey(day), ...zero() });
  }
  const byDay = new Map(dayList.map((entry) => [entry.day, entry]));
  const byModel = new Map<string | null, UsageModelRow>();
  const totals = zero();
  const enhancements: UsageEnhancements = { costUSD: 0, tokens: 0 };

  for (const record of records) {
    const day = byDay.get(localDayKey(new Date(record.recordedAt)));
    if (!day) continue; // outside the range
    add(day, record);
    add(totals, record);
    const model = record.model ?? null;
    const row = byModel.get(model) ?? { model, ...zero() };
    // The answer's share: the total less the title and keyword calls the record also counts.
    row.tokens += Math.max(0, record.totalTokens - record.enhancedTokens);
    row.costUSD += Math.max(0, record.totalCostUSD - record.enhancedCostUSD);
    row.requests += 1;
    byModel.set(model, row);
    enhancements.tokens += record.enhancedTokens;
    enhancements.costUSD += record.enhancedCostUSD;
  }

  const models = [...byModel.values()].sort((a, b) => b.costUSD - a.costUSD || b.tokens - a.tokens);
  return { totals, days: dayList, models, enhancements };
}
