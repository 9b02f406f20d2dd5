import { z } from 'zod/mini';
import { apiTypes, ModelPricingSchema, providerIds } from '../models';
import { HostedLimitsSchema } from './hosted-protocol';

/** The admin's side of hosted models (`/api/admin/hosted/*`, admin role only, HM3-HM7). */

const trimmed = (max: number) => z.string().check(z.trim(), z.minLength(1), z.maxLength(max));

/** HM3: a provider the organisation pays for, with its key (sealed on the server, never sent back). */
export const HostedProviderInputSchema = z.object({
  /** An id of the provider registry; `custom` is any OpenAI-compatible endpoint. */
  provider: z.enum(providerIds),
  /** Shown to the admin; defaults to the registry's name. */
  name: z.optional(trimmed(80)),
  /** Base URL; the registry's default when absent (required for `custom`). */
  endpoint: z.optional(
    z
      .string()
      .check(
        z.trim(),
        z.maxLength(500),
        z.regex(/^https?:\/\//, 'The endpoint must start with http:// or https://'),
      ),
  ),
  /** Wire format of a custom endpoint (the registry decides for the others). */
  apiType: z.optional(z.enum(apiTypes)),
  apiKey: trimmed(4000),
});
export type HostedProviderInput = z.infer<typeof HostedProviderInputSchema>;

export const HostedProviderPatchSchema = z.object({
  name: z.optional(trimmed(80)),
  endpoint: z.optional(
    z
      .string()
      .check(
        z.trim(),
        z.maxLength(500),
        z.regex(/^https?:\/\//, 'The endpoint must start with http:// or https://'),
      ),
  ),
  apiKey: z.optional(trimmed(4000)),
  enabled: z.optional(z.boolean()),
});
export type HostedProviderPatch = z.infer<typeof HostedProviderPatchSchema>;

/** What the admin sees of a provider: the key only as a hint (its last four characters). */
export const HostedProviderViewSchema = z.object({
  id: z.string(),
  provider: z.string(),
  name: z.string(),
  endpoint: z.string(),
  apiType: z.enum(apiTypes),
  keyHint: z.string(),
  enabled: z.boolean(),
  createdAt: z.number(),
});
export type HostedProviderView = z.infer<typeof HostedProviderViewSchema>;

/** HM4: a model offered to members, with its display name and (optional) prices per 1000 tokens. */
export const HostedModelInputSchema = z.object({
  providerId: trimmed(100),
  modelID: trimmed(200),
  displayName: trimmed(120),
  contextLength: z.optional(z.number().check(z.int(), z.positive())),
  pricing: z.optional(ModelPricingSchema),
  enabled: z.optional(z.boolean()),
});
export type HostedModelInput = z.infer<typeof HostedModelInputSchema>;

export const HostedModelPatchSchema = z.object({
  displayName: z.optional(trimmed(120)),
  contextLength: z.optional(z.number().check(z.int(), z.positive())),
  pricing: z.optional(z.nullable(ModelPricingSchema)),
  enabled: z.optional(z.boolean()),
});
export type HostedModelPatch = z.infer<typeof HostedModelPatchSchema>;

export const HostedModelViewSchema = z.object({
  id: z.string(),
  providerId: z.string(),
  modelID: z.string(),
  displayName: z.string(),
  contextLength: z.number(),
  pricing: z.nullable(ModelPricingSchema),
  /** Where the prices come from: the admin's, the built-in catalogue's, or none (costs zero). */
  pricingSource: z.enum(['admin', 'catalogue', 'none']),
  enabled: z.boolean(),
  createdAt: z.number(),
});
export type HostedModelView = z.infer<typeof HostedModelViewSchema>;

/** HM7: limits by scope: the organisation's caps, every member's, and one member's own. */
export const HostedLimitSetSchema = z.object({
  organisation: HostedLimitsSchema,
  members: HostedLimitsSchema,
  users: z.array(z.object({ userId: z.string(), email: z.string(), limits: HostedLimitsSchema })),
});
export type HostedLimitSet = z.infer<typeof HostedLimitSetSchema>;

/** `GET /api/admin/hosted/models`: everything the Models tab shows. */
export const HostedAdminStateSchema = z.object({
  /** False when PARLEY_SECRET_KEY is missing or wrong: nothing is offered until it is set. */
  available: z.boolean(),
  /** Why not, in words an admin can act on. */
  problem: z.optional(z.string()),
  providers: z.array(HostedProviderViewSchema),
  models: z.array(HostedModelViewSchema),
  limits: HostedLimitSetSchema,
});
export type HostedAdminState = z.infer<typeof HostedAdminStateSchema>;

const UsageTotalsSchema = z.object({
  requests: z.number(),
  promptTokens: z.number(),
  completionTokens: z.number(),
  costUSD: z.number(),
});
export type HostedUsageTotals = z.infer<typeof UsageTotalsSchema>;

/** `GET /api/admin/hosted/usage?days=N`: per member, per model and per day (UTC), the last N days. */
export const HostedUsageReportSchema = z.object({
  from: z.number(),
  to: z.number(),
  byMember: z.array(z.extend(UsageTotalsSchema, { userId: z.string(), email: z.string() })),
  byModel: z.array(z.extend(UsageTotalsSchema, { modelId: z.string(), displayName: z.string() })),
  byDay: z.array(z.extend(UsageTotalsSchema, { day: z.string() })),
});
export type HostedUsageReport = z.infer<typeof HostedUsageReportSchema>;
