import { describe, expect, it } from 'vitest';
import {
  HostedCompletionRequestSchema,
  limitReachedMessage,
  reachedLimit,
  windowEnd,
  windowStart,
} from '../../src/hosted';
import { buildRelayRequest } from '../../src/providers';
import { findModel } from '../../src/models';

const at = Date.parse('2026-03-31T22:59:30.000Z');
const used = {
  requestsThisMinute: 0,
  tokensToday: 0,
  tokensThisMonth: 0,
  costTodayUSD: 0,
  costThisMonthUSD: 0,
};

describe('limits of the organisation’s models', () => {
  it('HM8 windows are UTC calendar minutes, days and months', () => {
    expect(new Date(windowStart('minute', at)).toISOString()).toBe('2026-03-31T22:59:00.000Z');
    expect(new Date(windowEnd('minute', at)).toISOString()).toBe('2026-03-31T23:00:00.000Z');
    expect(new Date(windowStart('day', at)).toISOString()).toBe('2026-03-31T00:00:00.000Z');
    expect(new Date(windowEnd('day', at)).toISOString()).toBe('2026-04-01T00:00:00.000Z');
    expect(new Date(windowStart('month', at)).toISOString()).toBe('2026-03-01T00:00:00.000Z');
    expect(new Date(windowEnd('month', at)).toISOString()).toBe('2026-04-01T00:00:00.000Z');
  });

  it('HM9 a limit is reached when the window’s use is at it; no limit, or null, never is', () => {
    expect(reachedLimit({}, { ...used, tokensToday: 10 ** 9 }, 'member', at)).toBeUndefined();
    expect(reachedLimit({ tokensPerDay: null }, { ...used, tokensToday: 5 }, 'member', at)).toBeUndefined();
    expect(reachedLimit({ tokensPerDay: 5 }, { ...used, tokensToday: 4 }, 'member', at)).toBeUndefined();
    expect(reachedLimit({ tokensPerDay: 5 }, { ...used, tokensToday: 5 }, 'member', at)).toEqual({
      kind: 'tokensPerDay',
      scope: 'member',
      limit: 5,
      resetsAt: Date.parse('2026-04-01T00:00:00.000Z'),
    });
  });

  it('HM9 the messages say which limit, whose, and when it resets, in plain words', () => {
    const message = (
      kind: Parameters<typeof limitReachedMessage>[0]['kind'],
      scope: 'member' | 'organisation',
      limit: number,
    ) =>
      limitReachedMessage(
        reachedLimit(
          { [kind]: limit },
          {
            ...used,
            requestsThisMinute: 10 ** 6,
            tokensToday: 10 ** 9,
            tokensThisMonth: 10 ** 9,
            costTodayUSD: 10 ** 6,
            costThisMonthUSD: 10 ** 6,
          },
          scope,
          at,
        )!,
        at,
      );
    expect(message('requestsPerMinute', 'member', 1)).toBe(
      "You have reached your limit of 1 request a minute to the organisation's models. You can send again in 30 seconds.",
    );
    expect(message('tokensPerDay', 'member', 20_000)).toBe(
      "You have used your 20,000 tokens for today on the organisation's models. It resets at midnight UTC, in 61 minutes.",
    );
    expect(message('costPerMonthUSD', 'organisation', 250)).toBe(
      'The organisation has used its $250.00 for this month on its models. It resets on the 1st of next month (UTC), in 61 minutes.',
    );
    expect(message('requestsPerMinute', 'organisation', 600)).toBe(
      "The organisation's limit of 600 requests a minute to its models is reached. You can send again in 30 seconds.",
    );
  });

  it('PR28 HM2 the relay request is provider-neutral, parses on the server, and holds no key', () => {
    const model = findModel('gpt-4o')!;
    const built = buildRelayRequest({
      model,
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: [{ type: 'text', text: 'Hi' }] },
      ],
      settings: { stream: true, temperature: 0.2 },
      apiKey: 'sk-must-not-travel',
      relay: { url: 'https://parley.example.com/api/hosted/tm_completions', modelId: 'hm_1' },
    });
    expect(built.url).toBe('https://parley.example.com/api/hosted/tm_completions');
    expect(built.init.body).not.toContain('sk-must-not-travel');
    expect(built.init.headers).toEqual({ 'content-type': 'application/json' });
    const parsed = HostedCompletionRequestSchema.parse(JSON.parse(built.init.body));
    expect(parsed).toMatchObject({ modelId: 'hm_1', settings: { stream: true, temperature: 0.2 } });
    expect(HostedCompletionRequestSchema.safeParse({ ...parsed, messages: [] }).success).toBe(false);
  });
});
