import { z } from 'zod';
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
  key: z.string().trim().min(1, 'Key is required'),
  value: z.string(),
});
export type KeyValueRow = z.infer<typeof KeyValueRowSchema>;

/**
 * Price in USD per 1000 tokens: the unit stored in synced custom models and chats' model copies since
 * the first version. Screens show it per million tokens (`formatPricePer1M`, decision 0071).
 */
export const ModelPricingSchema = z.object({
  prompt: z.number().nonnegative(),
  completion: z.number().nonnegative(),
});
export type ModelPricing = z.infer<typeof ModelPricingSchema>;

export const ModelDescriptorSchema = z.object({
  /** App-level id, stable across provider renames (e.g. `claude-3-opus`). */
  id: z.string().min(1),
  /** Id sent to the provider (e.g. `claude-3-opus-20240229`). */
  modelID: z.string().min(1),
  title: z.string(),
  contextLength: z.number().int().positive(),
  /** Where the descriptor came from: the shipped catalogue or the user's custom models. */
  source: z.enum(['built-in', 'custom']).optional(),
  /** Free text shown in the model picker. */
  details: z.string().optional(),
  apiType: z.enum(apiTypes),
  provider: z.enum(providerIds),
  /** Accepts tools / function calling (plugins). */
  pluginSupported: z.boolean().optional(),
  visionSupported: z.boolean().optional(),
  /** Accepts the OpenAI `user` field. */
  userIdentitySupported: z.boolean().optional(),
  /** Id of a cheap model of the same provider, used for automatic titles. */
  fastCheapFallback: z.string().optional(),
  old: z.boolean().optional(),
  new: z.boolean().optional(),
  /**
   * The provider no longer serves it (or it is kept only for old chats and the legacy id
   * migrations): the picker leaves it out unless a live model list still offers it.
   */
  retired: z.boolean().optional(),
  /** Accepts a system message; when false, system text is folded into the first user message. */
  system: z.boolean().optional(),
  /** Endpoint needs no API key (local servers); no auth header is sent. */
  skipAPIKey: z.boolean().optional(),
  /** Full request URL; when set it replaces the provider URL (custom models). */
  endpoint: z.string().optional(),
  /** Extra JSON body fields merged into every request (applied after the builder's own fields). */
  bodyParams: z.record(z.string(), z.unknown()).optional(),
  headerRows: z.array(KeyValueRowSchema).optional(),
  bodyRows: z.array(KeyValueRowSchema).optional(),
  pricing: ModelPricingSchema.optional(),
  /** Hard cap on max_tokens (vision preview models accept at most 1000). */
  maxTokensCap: z.number().int().positive().optional(),
  /** OpenAI family: send `stream_options.include_usage` (some compatible endpoints reject it). */
  streamUsageSupported: z.boolean().optional(),
  /**
   * Accepts reasoning controls (RC1): OpenAI `reasoning_effort`, Anthropic extended thinking, Gemini
   * `thinkingConfig`, OpenRouter `reasoning`. Which ones, and their values, follow from the provider
   * and the model family (models/reasoning.ts).
   */
  reasoningSupported: z.boolean().optional(),
  /** The most output tokens one answer may have (the model's output limit), when a source knows it. */
  maxOutputTokens: z.number().int().positive().optional(),
});
export type ModelDescriptor = z.infer<typeof ModelDescriptorSchema>;

export const CUSTOM_MODEL_DEFAULT_TITLE = 'Custom Model';
export const CUSTOM_MODEL_DEFAULT_CONTEXT_LENGTH = 2048;

/** A custom model as the user saves it: everything but the id may be left out. */
export const CustomModelSchema = ModelDescriptorSchema.extend({
  modelID: z.string().min(1),
  title: z.string().default(CUSTOM_MODEL_DEFAULT_TITLE),
  contextLength: z.number().int().positive().default(CUSTOM_MODEL_DEFAULT_CONTEXT_LENGTH),
  source: z.enum(['built-in', 'custom']).default('custom'),
  apiType: z.enum(apiTypes).default('openai'),
  provider: z.enum(providerIds).default('custom'),
});
export type CustomModelInput = z.input<typeof CustomModelSchema>;

/** Parses a user-entered custom model, filling the spec's defaults (title, context length 2048). */
export function parseCustomModel(input: unknown): ModelDescriptor {
  return CustomModelSchema.parse(input);
}
