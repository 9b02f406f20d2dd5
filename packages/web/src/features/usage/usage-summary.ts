import type { UsageRecord } from '@parley/core/entities';

/** The Usage screen's numbers: totals, one bar per day of the range and one row per model. */
export const usageRanges = [7, 30, 90] as const;
export type UsageRangeDays = (typeof usageRanges)[number];

export type UsageTotals = { costUSD: number; tokens: number; requests: number };
export type UsageDay = UsageTotals & { day: string };
/** model null: records that named no model. */
export type UsageModelRow = UsageTotals & { model: string | null };

export type UsageSummary = {
  totals: UsageTotals;
  /** Every day of the range, oldest first, zero where nothing was recorded. */
  days: UsageDay[];
  /** Most expensive first (then most tokens). */
  models: UsageModelRow[];
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

  for (const record of records) {
    const day = byDay.get(localDayKey(new Date(record.recordedAt)));
    if (!day) continue; // outside the range
    add(day, record);
    add(totals, record);
    const model = record.model ?? null;
    const row = byModel.get(model) ?? { model, ...zero() };
    add(row, record);
    byModel.set(model, row);
  }

  const models = [...byModel.values()].sort((a, b) => b.costUSD - a.costUSD || b.tokens - a.tokens);
  return { totals, days: dayList, models };
}

/** Dollars with enough decimals that small costs do not show as $0.00. */
export function formatUsd(amount: number, locale?: string): string {
  const digits = amount !== 0 && Math.abs(amount) < 0.01 ? 4 : 2;
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(amount);
}
