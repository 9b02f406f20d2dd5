import type { HostedLimits, HostedUsed } from './hosted-protocol';

/**
 * HM8-HM9: the windows limits count in (UTC calendar minute, day and month: fixed windows, so every
 * server process agrees on them without talking) and the messages a member reads when one is reached.
 */
export const limitKinds = [
  'requestsPerMinute',
  'tokensPerDay',
  'tokensPerMonth',
  'costPerDayUSD',
  'costPerMonthUSD',
] as const;
export type LimitKind = (typeof limitKinds)[number];
export type LimitWindow = 'minute' | 'day' | 'month';
export type LimitScope = 'member' | 'organisation';

export const limitWindowOf: Readonly<Record<LimitKind, LimitWindow>> = {
  requestsPerMinute: 'minute',
  tokensPerDay: 'day',
  tokensPerMonth: 'month',
  costPerDayUSD: 'day',
  costPerMonthUSD: 'month',
};

/** The start of the UTC window holding `at` (epoch ms). */
export function windowStart(window: LimitWindow, at: number): number {
  const date = new Date(at);
  if (window === 'minute') return at - (at % 60_000);
  if (window === 'day') return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
}

/** When the window holding `at` ends (the next one starts). */
export function windowEnd(window: LimitWindow, at: number): number {
  const date = new Date(at);
  if (window === 'minute') return windowStart('minute', at) + 60_000;
  if (window === 'day') return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() + 1);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1);
}

/** Used amount that a limit of `kind` compares with. */
export function usedFor(kind: LimitKind, used: HostedUsed): number {
  switch (kind) {
    case 'requestsPerMinute':
      return used.requestsThisMinute;
    case 'tokensPerDay':
      return used.tokensToday;
    case 'tokensPerMonth':
      return used.tokensThisMonth;
    case 'costPerDayUSD':
      return used.costTodayUSD;
    case 'costPerMonthUSD':
      return used.costThisMonthUSD;
  }
}

export interface LimitReached {
  kind: LimitKind;
  scope: LimitScope;
  limit: number;
  /** Epoch ms when the window ends and the limit allows requests again. */
  resetsAt: number;
}

/**
 * HM9: the first limit `used` has reached (requests count the one being asked for: the request
 * passes while used is below the limit; a token or cost limit stops the next request once the
 * window's total is at or over it: the request that crosses it still finishes).
 */
export function reachedLimit(
  limits: HostedLimits,
  used: HostedUsed,
  scope: LimitScope,
  now: number,
): LimitReached | undefined {
  for (const kind of limitKinds) {
    const limit = limits[kind];
    if (limit === null || limit === undefined) continue;
    if (usedFor(kind, used) >= limit)
      return { kind, scope, limit, resetsAt: windowEnd(limitWindowOf[kind], now) };
  }
  return undefined;
}

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** "in 40 seconds", "in 5 hours 12 minutes", "in 3 days": how long until `resetsAt`. */
export function waitText(now: number, resetsAt: number): string {
  const seconds = Math.max(1, Math.ceil((resetsAt - now) / 1000));
  if (seconds < 120) return `in ${plural(seconds, 'second', 'seconds')}`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 120) return `in ${plural(minutes, 'minute', 'minutes')}`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `in ${plural(hours, 'hour', 'hours')} ${plural(minutes % 60, 'minute', 'minutes')}`;
  return `in ${plural(Math.ceil(hours / 24), 'day', 'days')}`;
}

function amountText(kind: LimitKind, limit: number): string {
  if (kind === 'costPerDayUSD' || kind === 'costPerMonthUSD') return `$${limit.toFixed(2)}`;
  const count = limit.toLocaleString('en-US');
  if (kind === 'requestsPerMinute') return `${count} ${limit === 1 ? 'request' : 'requests'} a minute`;
  return `${count} ${limit === 1 ? 'token' : 'tokens'}`;
}

const periodOf: Readonly<Record<LimitWindow, string>> = {
  minute: 'minute',
  day: 'today',
  month: 'this month',
};

/**
 * HM9: the sentence a member reads, in plain words: which limit, whose, and when it resets.
 * "You have reached your limit of 5 requests a minute to the organisation's models. You can send
 * again in 40 seconds."
 */
export function limitReachedMessage(reached: LimitReached, now: number): string {
  const { kind, scope, limit, resetsAt } = reached;
  const window = limitWindowOf[kind];
  const wait = waitText(now, resetsAt);
  const when =
    window === 'minute'
      ? `You can send again ${wait}.`
      : window === 'day'
        ? `It resets at midnight UTC, ${wait}.`
        : `It resets on the 1st of next month (UTC), ${wait}.`;
  const amount = amountText(kind, limit);
  if (window === 'minute') {
    return scope === 'member'
      ? `You have reached your limit of ${amount} to the organisation's models. ${when}`
      : `The organisation's limit of ${amount} to its models is reached. ${when}`;
  }
  const period = periodOf[window];
  return scope === 'member'
    ? `You have used your ${amount} for ${period} on the organisation's models. ${when}`
    : `The organisation has used its ${amount} for ${period} on its models. ${when}`;
}
