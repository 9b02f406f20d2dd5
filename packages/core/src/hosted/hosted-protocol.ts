import { z } from 'zod/mini';
import { apiTypes, reasoningEfforts, verbosityLevels } from '../models';

/**
 * Models the organisation offers on its Parley server (issue #37, decision 0116): the wire shapes
 * of `/api/hosted/*` and `/api/admin/hosted/*`, shared by the server and the web app. Rules: SPEC.md
 * (HM*).
 */

/** HM2: the provider-neutral request a member sends to `POST /api/hosted/tm_completions`. */
const TextPartSchema = z.object({ type: z.literal('text'), text: z.string() });
const TextFilePartSchema = z.object({
  type: z.literal('tm_text_file'),
  text: z.string(),
  metadata: z.object({ name: z.string() }),
});
const ImageUrlPartSchema = z.object({
  type: z.literal('image_url'),
  image_url: z.object({ url: z.string() }),
});
const MessagePartSchema = z.discriminatedUnion('type', [
  TextPartSchema,
  TextFilePartSchema,
  ImageUrlPartSchema,
]);

const ToolCallSchema = z.object({
  id: z.string(),
  name: z.string(),
  arguments: z.string(),
  signature: z.optional(z.string()),
});

export const RelayMessageSchema = z.object({
  role: z.enum(['system', 'user', 'assistant', 'function']),
  content: z.union([z.string(), z.null(), z.array(MessagePartSchema)]),
  function_call: z.optional(z.object({ name: z.string(), arguments: z.string() })),
  tool_calls: z.optional(z.array(ToolCallSchema)),
  name: z.optional(z.string()),
  tool_call_id: z.optional(z.string()),
});

const finite = () => z.optional(z.number().check(z.refine(Number.isFinite)));
const positiveInt = () => z.optional(z.number().check(z.int(), z.positive()));

export const RelaySettingsSchema = z.object({
  temperature: finite(),
  presencePenalty: finite(),
  frequencyPenalty: finite(),
  topP: finite(),
  topK: positiveInt(),
  maxTokens: positiveInt(),
  stop: z.optional(z.array(z.string()).check(z.maxLength(16))),
  stream: z.boolean(),
  reasoningEffort: z.optional(z.enum(reasoningEfforts)),
  thinkingBudget: z.optional(z.number().check(z.int(), z.nonnegative())),
  verbosity: z.optional(z.enum(verbosityLevels)),
});

export const RelayToolSchema = z.object({
  name: z.string().check(z.minLength(1)),
  description: z.string(),
  parameters: z.record(z.string(), z.unknown()),
});

export const HostedCompletionRequestSchema = z.object({
  modelId: z.string().check(z.minLength(1), z.maxLength(200)),
  messages: z.array(RelayMessageSchema).check(z.minLength(1), z.maxLength(10_000)),
  settings: RelaySettingsSchema,
  tools: z.optional(z.array(RelayToolSchema).check(z.maxLength(128))),
});
export type HostedCompletionRequest = z.infer<typeof HostedCompletionRequestSchema>;

/** HM1: a model the organisation offers, as members see it (no provider key, no endpoint). */
export const HostedModelSchema = z.object({
  id: z.string(),
  displayName: z.string(),
  /** The provider registry's id (`openai`, `anthropic`…; `custom` for an OpenAI-compatible endpoint). */
  provider: z.string(),
  /** The wire format the relay answers in: the web app reads the stream with this dialect. */
  apiType: z.enum(apiTypes),
  /** The provider's own model id, shown as a detail. */
  modelID: z.string(),
  contextLength: z.number().check(z.int(), z.positive()),
  visionSupported: z.optional(z.boolean()),
  pluginSupported: z.optional(z.boolean()),
});
export type HostedModel = z.infer<typeof HostedModelSchema>;

export const HostedModelListSchema = z.object({
  /** The name members see for the group in the model picker (HOSTED_ORGANISATION_NAME). */
  organisation: z.string(),
  models: z.array(HostedModelSchema),
});
export type HostedModelList = z.infer<typeof HostedModelListSchema>;

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
