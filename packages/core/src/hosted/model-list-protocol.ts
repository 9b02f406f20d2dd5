import { z } from 'zod/mini';
import { apiTypes } from '../models';

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
