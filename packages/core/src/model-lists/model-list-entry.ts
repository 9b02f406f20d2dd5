import { z } from 'zod';
import { listedProviderIds, providerIds, type ListedProviderId } from '../models';

/**
 * One model as a provider's model list describes it, normalised across providers. Fields a list
 * does not carry stay undefined, so the metadata precedence (model-metadata.ts) can fill them from
 * OpenRouter's public list, the bundled catalogue, or the defaults.
 */
export const ModelListEntrySchema = z.object({
  /** The provider's own id: what a request sends as `model`. */
  id: z.string().min(1).max(300),
  name: z.string().max(300),
  provider: z.enum(providerIds),
  contextLength: z.number().int().positive().optional(),
  /** The most tokens one answer may have (Anthropic `max_tokens`, Gemini `outputTokenLimit`...). */
  maxOutputTokens: z.number().int().positive().optional(),
  /** USD per million tokens (the unit every provider's price page uses). */
  pricing: z
    .object({ promptPerMillion: z.number().nonnegative(), completionPerMillion: z.number().nonnegative() })
    .optional(),
  vision: z.boolean().optional(),
  tools: z.boolean().optional(),
  /** Takes reasoning controls (RC1): thinking with a budget, a reasoning effort or level. */
  reasoning: z.boolean().optional(),
  /** ISO date the provider says the model was created or released. */
  created: z.string().optional(),
  /** False for what cannot hold a chat (embeddings, speech, image generation...): see chat-capable.ts. */
  chat: z.boolean(),
});
export type ModelListEntry = z.infer<typeof ModelListEntrySchema>;

/** The providers whose lists the app fetches; custom endpoints are fetched on request (Fetch models). */
export const listedProviders = listedProviderIds;
export type ListedProvider = ListedProviderId;
