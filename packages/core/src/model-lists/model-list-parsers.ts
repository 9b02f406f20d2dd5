import { z } from 'zod';
import { providerEntry, type ModelListFormat, type ProviderId } from '../models';
import { looksChatCapable } from './chat-capable';
import type { ModelListEntry } from './model-list-entry';

/**
 * ML2/ML3: each provider's list body into normalised entries. The outer shape must match (else the
 * body is not a model list); an entry that does not parse is skipped and counted, so one odd model
 * never hides the others. Unknown fields are ignored, as providers add them all the time.
 */
export interface ParsedPage {
  readonly entries: ModelListEntry[];
  readonly skipped: number;
  /** Anthropic's last_id when has_more, Gemini's nextPageToken. */
  readonly next?: string | undefined;
}

export type PageParser = (body: unknown) => ParsedPage | { readonly issue: string };

const positiveInt = z.number().int().positive();
/** A count some servers send as a float or a numeric string. */
const looseCount = z.union([z.number(), z.string()]).transform((value, ctx) => {
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n) || n <= 0) {
    ctx.addIssue({ code: 'custom', message: 'not a positive count' });
    return z.NEVER;
  }
  return Math.round(n);
});

function isoFromSeconds(seconds: number | undefined): string | undefined {
  if (seconds === undefined || !Number.isFinite(seconds) || seconds <= 0) return undefined;
  const date = new Date(seconds * 1000);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

function parseEach<T>(
  items: readonly unknown[],
  schema: z.ZodType<T>,
  toEntry: (item: T) => ModelListEntry | undefined,
): { entries: ModelListEntry[]; skipped: number } {
  const entries: ModelListEntry[] = [];
  let skipped = 0;
  for (const item of items) {
    const parsed = schema.safeParse(item);
    const entry = parsed.success ? toEntry(parsed.data) : undefined;
    if (entry) entries.push(entry);
    else skipped += 1;
  }
  return { entries, skipped };
}

function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  return issue ? `${issue.path.join('.') || '(body)'}: ${issue.message}` : 'not a model list';
}

// --- OpenAI and every OpenAI-compatible server ----------------------------------------------

const CompatibleModelSchema = z.object({
  id: z.string().min(1).max(300),
  created: z.number().optional().catch(undefined),
  /** vLLM: the served context length. */
  max_model_len: looseCount.optional().catch(undefined),
  /** LM Studio's /api/v0/models: the model's context length and kind (llm, vlm, embeddings). */
  max_context_length: looseCount.optional().catch(undefined),
  type: z.string().optional().catch(undefined),
  /** llama.cpp: the training context of the loaded model. */
  meta: z
    .object({ n_ctx_train: looseCount.optional().catch(undefined) })
    .passthrough()
    .optional()
    .catch(undefined),
  /** Some gateways (LiteLLM, Together) carry a context length of their own. */
  context_length: looseCount.optional().catch(undefined),
  context_window: looseCount.optional().catch(undefined),
});

/** Ollama's native /api/tags answers `models` with `name`; accept it too, as users paste that URL. */
const DataBodySchema = z.object({ data: z.array(z.unknown()) });
const ModelsBodySchema = z.object({ models: z.array(z.unknown()) });

export function compatiblePageParser(provider: ProviderId): PageParser {
  return (body) => {
    const usesModels = typeof body === 'object' && body !== null && !('data' in body) && 'models' in body;
    const outer = usesModels ? ModelsBodySchema.safeParse(body) : DataBodySchema.safeParse(body);
    if (!outer.success) return { issue: firstIssue(outer.error) };
    const items =
      'data' in outer.data
        ? outer.data.data
        : outer.data.models.map((item) =>
            item && typeof item === 'object' && !('id' in item)
              ? {
                  ...item,
                  id:
                    (item as { model?: unknown; name?: unknown }).model ?? (item as { name?: unknown }).name,
                }
              : item,
          );
    return parseEach(items, CompatibleModelSchema, (model) => ({
      id: model.id,
      name: model.id,
      provider,
      contextLength:
        model.max_model_len ??
        model.max_context_length ??
        model.meta?.n_ctx_train ??
        model.context_length ??
        model.context_window,
      vision: model.type === 'vlm' ? true : undefined,
      created: isoFromSeconds(model.created),
      chat: model.type !== 'embeddings' && model.type !== 'embedding' && looksChatCapable(model.id),
    }));
  };
}

// --- Anthropic -------------------------------------------------------------------------------

const AnthropicModelSchema = z.object({
  id: z.string().min(1).max(300),
  display_name: z.string().max(300).optional().catch(undefined),
  created_at: z.string().optional().catch(undefined),
  /** Newer API versions also say how much the model reads and writes. */
  max_input_tokens: positiveInt.optional().catch(undefined),
  max_tokens: positiveInt.optional().catch(undefined),
  /** RC1: `thinking.types.enabled` is thinking with a budget, the kind the app sends. */
  capabilities: z
    .object({
      thinking: z
        .object({
          supported: z.boolean().optional().catch(undefined),
          types: z
            .object({
              enabled: z
                .object({ supported: z.boolean().optional().catch(undefined) })
                .optional()
                .catch(undefined),
            })
            .optional()
            .catch(undefined),
        })
        .optional()
        .catch(undefined),
    })
    .nullable()
    .optional()
    .catch(undefined),
});

/** Thinking with a budget: the `enabled` type when the list names types, else thinking at all. */
function anthropicBudgetThinking(model: z.infer<typeof AnthropicModelSchema>): boolean | undefined {
  const thinking = model.capabilities?.thinking;
  if (!thinking) return undefined;
  return thinking.types?.enabled?.supported ?? thinking.supported;
}

const AnthropicBodySchema = z.object({
  data: z.array(z.unknown()),
  has_more: z.boolean().optional(),
  last_id: z.string().nullable().optional(),
});

export const anthropicPageParser: PageParser = (body) => {
  const outer = AnthropicBodySchema.safeParse(body);
  if (!outer.success) return { issue: firstIssue(outer.error) };
  const { entries, skipped } = parseEach(outer.data.data, AnthropicModelSchema, (model) => ({
    id: model.id,
    name: model.display_name ?? model.id,
    provider: 'anthropic',
    contextLength: model.max_input_tokens,
    maxOutputTokens: model.max_tokens,
    reasoning: anthropicBudgetThinking(model),
    created: model.created_at,
    chat: looksChatCapable(model.id),
  }));
  const next = outer.data.has_more && outer.data.last_id ? outer.data.last_id : undefined;
  return { entries, skipped, next };
};

// --- Gemini ----------------------------------------------------------------------------------

const GeminiModelSchema = z.object({
  name: z.string().min(1).max(300),
  displayName: z.string().max(300).optional().catch(undefined),
  inputTokenLimit: positiveInt.optional().catch(undefined),
  outputTokenLimit: positiveInt.optional().catch(undefined),
  supportedGenerationMethods: z.array(z.string()).optional().catch(undefined),
  thinking: z.boolean().optional().catch(undefined),
});

const GeminiBodySchema = z.object({
  models: z.array(z.unknown()).optional(),
  nextPageToken: z.string().optional(),
});

/** ML3: only what can generate content (streamed or not) can chat; embedders and Imagen cannot. */
function geminiCanChat(methods: readonly string[] | undefined): boolean {
  return (methods ?? []).some((method) => method === 'generateContent' || method === 'streamGenerateContent');
}

export const geminiPageParser: PageParser = (body) => {
  const outer = GeminiBodySchema.safeParse(body);
  if (!outer.success) return { issue: firstIssue(outer.error) };
  const { entries, skipped } = parseEach(outer.data.models ?? [], GeminiModelSchema, (model) => {
    const id = model.name.replace(/^models\//, '');
    return {
      id,
      name: model.displayName ?? id,
      provider: 'gemini',
      contextLength: model.inputTokenLimit,
      maxOutputTokens: model.outputTokenLimit,
      reasoning: model.thinking,
      chat: geminiCanChat(model.supportedGenerationMethods) && looksChatCapable(id),
    };
  });
  return { entries, skipped, next: outer.data.nextPageToken || undefined };
};

// --- OpenRouter ------------------------------------------------------------------------------

/** Prices are strings of USD per token; "-1" marks a variable price (openrouter/auto). */
const perTokenPrice = z.union([z.string(), z.number()]).transform((value) => {
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) && n >= 0 ? n : undefined;
});

const OpenRouterModelSchema = z.object({
  id: z.string().min(1).max(300),
  name: z.string().max(300).optional().catch(undefined),
  created: z.number().optional().catch(undefined),
  context_length: positiveInt.nullable().optional().catch(undefined),
  pricing: z.object({ prompt: perTokenPrice, completion: perTokenPrice }).optional().catch(undefined),
  architecture: z
    .object({
      input_modalities: z.array(z.string()).optional().catch(undefined),
      output_modalities: z.array(z.string()).optional().catch(undefined),
    })
    .optional()
    .catch(undefined),
  supported_parameters: z.array(z.string()).optional().catch(undefined),
  top_provider: z
    .object({ max_completion_tokens: positiveInt.nullable().optional().catch(undefined) })
    .passthrough()
    .nullable()
    .optional()
    .catch(undefined),
});

export const openRouterPageParser: PageParser = (body) => {
  const outer = z.object({ data: z.array(z.unknown()) }).safeParse(body);
  if (!outer.success) return { issue: firstIssue(outer.error) };
  return parseEach(outer.data.data, OpenRouterModelSchema, (model) => {
    const prompt = model.pricing?.prompt;
    const completion = model.pricing?.completion;
    const inputs = model.architecture?.input_modalities;
    const outputs = model.architecture?.output_modalities;
    const params = model.supported_parameters;
    return {
      id: model.id,
      name: model.name ?? model.id,
      provider: 'openrouter',
      contextLength: model.context_length ?? undefined,
      maxOutputTokens: model.top_provider?.max_completion_tokens ?? undefined,
      pricing:
        prompt !== undefined && completion !== undefined
          ? { promptPerMillion: roundPrice(prompt * 1e6), completionPerMillion: roundPrice(completion * 1e6) }
          : undefined,
      vision: inputs ? inputs.includes('image') : undefined,
      tools: params ? params.includes('tools') : undefined,
      reasoning: params ? params.includes('reasoning') || params.includes('include_reasoning') : undefined,
      created: isoFromSeconds(model.created),
      chat:
        (outputs === undefined || outputs.includes('text')) &&
        (inputs === undefined || inputs.includes('text')) &&
        looksChatCapable(model.id),
    };
  });
};

/** "0.00000125" * 1e6 is 1.2499999999999998: round to a tenth of a micro-dollar. */
function roundPrice(perMillion: number): number {
  return Math.round(perMillion * 1e4) / 1e4;
}

/** The reader of each model-list format the provider registry names (`ProviderEntry.modelList`). */
const readers: Record<ModelListFormat, (provider: ProviderId) => PageParser> = {
  'openai-compatible': compatiblePageParser,
  anthropic: () => anthropicPageParser,
  gemini: () => geminiPageParser,
  openrouter: () => openRouterPageParser,
};

export function pageParserFor(provider: ProviderId): PageParser {
  return readers[providerEntry(provider).modelList](provider);
}
