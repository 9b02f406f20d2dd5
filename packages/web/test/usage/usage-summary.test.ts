import { parseUsageRecord, type UsageRecord } from '@parley/core/entities';
import { describe, expect, it } from 'vitest';
import { localDayKey, summariseUsage } from '../../src/features/usage/usage-summary';

// Local times: the screen groups by the user's calendar day.
const NOW = new Date(2025, 2, 10, 15, 30); // 10 March 2025, afternoon
const at = (day: number, hour: number) => new Date(2025, 2, day, hour).toISOString();

function record(
  recordedAt: string,
  model: string | null,
  totalTokens: number,
  totalCostUSD: number,
): UsageRecord {
  return parseUsageRecord({ id: `u-${recordedAt}-${model}`, recordedAt, model, totalTokens, totalCostUSD });
}

const records = [
  record(at(1, 12), 'gpt-4', 999, 9), // outside a 7-day range
  record(at(4, 0), 'gpt-4', 1000, 0.09),
  record(at(4, 23), 'claude-3-opus', 500, 0.2),
  record(at(8, 9), 'gpt-4', 2000, 0.12),
  record(at(10, 1), null, 40, 0),
  record(at(10, 15), 'claude-3-opus', 100, 0.05),
];

describe('usage summary', () => {
  it('totals only the records inside the range (7 days ending today)', () => {
    const summary = summariseUsage(records, 7, NOW);
    expect(summary.totals.requests).toBe(5);
    expect(summary.totals.tokens).toBe(3640);
    expect(summary.totals.costUSD).toBeCloseTo(0.46, 10);
  });

  it('has one entry per calendar day, oldest first, zero-filled', () => {
    const summary = summariseUsage(records, 7, NOW);
    expect(summary.days.map((d) => d.day)).toEqual([
      '2025-03-04',
      '2025-03-05',
      '2025-03-06',
      '2025-03-07',
      '2025-03-08',
      '2025-03-09',
      '2025-03-10',
    ]);
    const march4 = summary.days[0]!;
    expect(march4).toMatchObject({ tokens: 1500, requests: 2 });
    expect(march4.costUSD).toBeCloseTo(0.29, 10);
    expect(summary.days[1]).toEqual({ day: '2025-03-05', costUSD: 0, tokens: 0, requests: 0 });
    expect(summary.days[6]).toMatchObject({ tokens: 140, requests: 2 });
  });

  it('groups by model, most expensive first, with records naming no model together', () => {
    const summary = summariseUsage(records, 7, NOW);
    expect(summary.models.map((m) => [m.model, m.tokens, m.requests])).toEqual([
      ['claude-3-opus', 600, 2],
      ['gpt-4', 3000, 2],
      [null, 40, 1],
    ]);
  });

  it('a longer range takes in older records', () => {
    const summary = summariseUsage(records, 30, NOW);
    expect(summary.days).toHaveLength(30);
    expect(summary.totals.requests).toBe(6);
    expect(summary.models[0]?.model).toBe('gpt-4');
    expect(summary.models[0]?.costUSD).toBeCloseTo(9.21, 10);
  });

  it('keys days by local date', () => {
    expect(localDayKey(new Date(2025, 0, 5, 23, 59))).toBe('2025-01-05');
  });

  it('counts title and keyword calls on their own line; with the models they add up to the totals', () => {
    const withTitles = [
      ...records,
      parseUsageRecord({
        id: 'u-titled',
        recordedAt: at(9, 10),
        model: 'gpt-4',
        messageTokens: 300,
        messageCostUSD: 0.03,
        enhancedTokens: 60,
        enhancedCostUSD: 0.002,
        totalTokens: 360,
        totalCostUSD: 0.032,
      }),
      // A title that came after its answer: a record of enhancements only.
      parseUsageRecord({
        id: 'u-late-title',
        recordedAt: at(9, 11),
        model: 'gpt-4',
        enhancedTokens: 40,
        enhancedCostUSD: 0.001,
        totalTokens: 40,
        totalCostUSD: 0.001,
      }),
    ];
    const summary = summariseUsage(withTitles, 7, NOW);
    expect(summary.enhancements.tokens).toBe(100);
    expect(summary.enhancements.costUSD).toBeCloseTo(0.003, 10);
    const gpt4 = summary.models.find((row) => row.model === 'gpt-4')!;
    expect(gpt4.tokens).toBe(3300);
    expect(gpt4.costUSD).toBeCloseTo(0.24, 10);
    const rowTokens = summary.models.reduce((sum, row) => sum + row.tokens, 0);
    const rowCost = summary.models.reduce((sum, row) => sum + row.costUSD, 0);
    expect(rowTokens + summary.enhancements.tokens).toBe(summary.totals.tokens);
    expect(rowCost + summary.enhancements.costUSD).toBeCloseTo(summary.totals.costUSD, 10);
  });
});
