import { z } from 'zod/mini';

/**
 * Models the organisation offers on its Parley server (issue #37, decision 0116): the member's plan
 * (limits and what is used) in `GET /api/hosted/users/self`. The relay's request is in
 * relay-protocol.ts, the member's model list in model-list-protocol.ts: each file is only as big as
 * what imports it needs (the plan is read with every account call). Rules: SPEC.md (HM*).
 */

/** HM8: limits; null or absent is no limit. Costs in US dollars. */
export const HostedLimitsSchema = z.object({
  requestsPerMinute: z.optional(z.nullable(z.number().check(z.int(), z.positive()))),
  tokensPerDay: z.optional(z.nullable(z.number().check(z.int(), z.positive()))),
  tokensPerMonth: z.optional(z.nullable(z.number().check(z.int(), z.positive()))),
  costPerDayUSD: z.optional(z.nullable(z.number().check(z.positive()))),
  costPerMonthUSD: z.optional(z.nullable(z.number().check(z.positive()))),
});
export type HostedLimits = z.infer<typeof HostedLimitsSchema>;

/** What has been used in the windows the limits count (HM9). */
export const HostedUsedSchema = z.object({
  requestsThisMinute: z.number(),
  tokensToday: z.number(),
  tokensThisMonth: z.number(),
  costTodayUSD: z.number(),
  costThisMonthUSD: z.number(),
});
export type HostedUsed = z.infer<typeof HostedUsedSchema>;

/** HM10: the member's plan in `GET /api/hosted/users/self` (absent from servers before it). */
export const HostedPlanSchema = z.object({
  /** Whether the server offers models at all (false: no PARLEY_SECRET_KEY or no model enabled). */
  available: z.boolean(),
  /** The limits that apply to this member (their own, else every member's). */
  limits: HostedLimitsSchema,
  used: HostedUsedSchema,
  /** The organisation's own caps, which all members share. */
  organisation: z.object({ limits: HostedLimitsSchema, used: HostedUsedSchema }),
});
export type HostedPlan = z.infer<typeof HostedPlanSchema>;
