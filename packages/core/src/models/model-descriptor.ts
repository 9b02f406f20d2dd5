import { z } from 'zod/mini';
import { providerIds } from './provider-catalogue';

/**
 * A model the app can talk to: one of the built-in catalogue entries or a custom model the user
 * defined. Persisted inside synced settings (customModels) and chats (modelInfo), so it is parsed
 * with this schema wherever it comes from disk, sync or an import.
 */

/** Wire protocol the request builders and stream normalisers speak for this model. */
export const apiTypes = ['openai', 'claude', 'gemini', 'setapp'] as const;
export type ApiType = (typeof apiTypes)[number];

/** Who serves the model (the provider registry, provider-catalogue.ts): default endpoint, key, dialect. */
export { providerIds, type ProviderId } from './provider-catalogue';

/** A user-entered header or body row of a custom model ("Header and body rows need their required key"). */
export const KeyValueRowSchema = z.object({
  key: z.string().check(z.trim(), z.minLength(1, 'Key is required')),
  value: z.string(),
});
export type KeyValueRow = z.infer<typeof KeyValueRowSchema>;

/**
 * Price in USD per 1000 tokens: the unit stored in synced custom models and chats' model copies since
 * the first version. Screens show it per million tokens (`formatPricePer1M`, decision 0071).
 */
export const ModelPricingSchema = z.object({
  prompt: z.number().check(z.nonnegative()),
  completion: z.number().check(z.nonnegative()),
});
export type ModelPricing = z.infer<typeof ModelPricingSchema>;

export const ModelDescriptorSchema = z.object({
  /** App-level id, stable across provider renames (e.g. `claude-3-opus`). */
  id: z.string().check(z.minLength(1)),
  /** Id sent to the provider (e.g. `claude-3-opus-20240229`). */
  modelID: z.string().check(z.minLength(1)),
  title: z.string(),
  contextLength: z.number().check(z.int(), z.positive()),
  /** Where the descriptor came from: the shipped catalogue or the user's custom models. */
  source: z.optional(z.enum(['built-in', 'custom'])),
  /** Free text shown in the model picker. */
  details: z.optional(z.string()),
  apiType: z.enum(apiTypes),
  provider: z.enum(providerIds),
  /** Accepts tools / function calling (plugins). */
  pluginSupported: z.optional(z.boolean()),
  visionSupported: z.optional(z.boolean()),
  /** Accepts the OpenAI `user` field. */
  userIdentitySupported: z.optional(z.boolean()),
  /** Id of a cheap model of the same provider, used for automatic titles. */
  fastCheapFallback: z.optional(z.string()),
  old: z.optional(z.boolean()),
  new: z.optional(z.boolean()),
  /**
   * The provider no longer serves it (or it is kept only for old chats and the legacy id
   * migrations): the picker leaves it out unless a live model list still offers it.
   */
  retired: z.optional(z.boolean()),
  /** Accepts a system message; when false, system text is folded into the first user message. */
  system: z.optional(z.boolean()),
  /** Endpoint needs no API key (local servers); no auth header is sent. */
  skipAPIKey: z.optional(z.boolean()),
  /** Full request URL; when set it replaces the provider URL (custom models). */
  endpoint: z.optional(z.string()),
  /** Extra JSON body fields merged into every request (applied after the builder's own fields). */
  bodyParams: z.optional(z.record(z.string(), z.unknown())),
  headerRows: z.optional(z.array(KeyValueRowSchema)),
  bodyRows: z.optional(z.array(KeyValueRowSchema)),
  pricing: z.optional(ModelPricingSchema),
  /** Hard cap on max_tokens (vision preview models accept at most 1000). */
  maxTokensCap: z.optional(z.number().check(z.int(), z.positive())),
  /** OpenAI family: send `stream_options.include_usage` (some compatible endpoints reject it). */
  streamUsageSupported: z.optional(z.boolean()),
  /**
   * Accepts reasoning controls (RC1): OpenAI `reasoning_effort`, Anthropic extended thinking, Gemini
   * `thinkingConfig`, OpenRouter `reasoning`. Which ones, and their values, follow from the provider
   * and the model family (models/reasoning.ts).
   */
  reasoningSupported: z.optional(z.boolean()),
  /** The most output tokens one answer may have (the model's output limit), when a source knows it. */
  maxOutputTokens: z.optional(z.number().check(z.int(), z.positive())),
});
export type ModelDescriptor = z.infer<typeof ModelDescriptorSchema>;

export const CUSTOM_MODEL_DEFAULT_TITLE = 'Custom Model';
export const CUSTOM_MODEL_DEFAULT_CONTEXT_LENGTH = 2048;

/** A custom model as the user saves it: everything but the id may be left out. */
export const CustomModelSchema = z.extend(ModelDescriptorSchema, {
  modelID: z.string().check(z.minLength(1)),
  title: z._default(z.string(), CUSTOM_MODEL_DEFAULT_TITLE),
  contextLength: z._default(z.number().check(z.int(), z.positive()), CUSTOM_MODEL_DEFAULT_CONTEXT_LENGTH),
  source: z._default(z.enum(['built-in', 'custom']), 'custom'),
  apiType: z._default(z.enum(apiTypes), 'openai'),
  provider: z._default(z.enum(providerIds), 'custom'),
});
export type CustomModelInput = z.input<typeof CustomModelSchema>;

/** Parses a user-entered custom model, filling the spec's defaults (title, context length 2048). */
export function parseCustomModel(input: unknown): ModelDescriptor {
  return CustomModelSchema.parse(input);
}
