import { z } from 'zod/mini';
import { reasoningEfforts, verbosityLevels } from '../models';

/**
 * HM2: the provider-neutral request a member sends to `POST /api/hosted/tm_completions` (decision
 * 0116). The server parses it; the browser builds it with core's `buildRelayRequest` (PR28).
 */

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
