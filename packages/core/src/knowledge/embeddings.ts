import { z } from 'zod';

/**
 * KB20-KB26: turning passages into vectors with the user's own provider (decision 0108). Three
 * wire dialects cover the providers: OpenAI's `/embeddings` (also every OpenAI-compatible server:
 * vLLM, LM Studio, llama.cpp, Ollama's `/v1`), Gemini's `:batchEmbedContents` and Ollama's own
 * `/api/embed`. Requests are built and answers read here; the app sends them.
 */

export type EmbeddingDialect = 'openai' | 'gemini' | 'ollama';

export type EmbeddingModel = {
  /** `provider:model`, stored with the index so a change of model is seen (KB24). */
  key: string;
  dialect: EmbeddingDialect;
  /** The key vault's provider whose key it uses; null: an endpoint the user gives (Ollama, compatible). */
  provider: 'openai' | 'gemini' | null;
  model: string;
  /** The length of the vectors asked for (KB21: `dimensions` / `outputDimensionality` where offered). */
  dimensions: number;
  /** Whether the request names `dimensions` (text-embedding-3, gemini-embedding-001). */
  shortened: boolean;
  /** KB22: at most this many inputs in one call (the provider's own limit, or less). */
  maxBatch: number;
  /** USD per million input tokens; 0 for a model that runs on the user's machine. */
  usdPerMillionTokens: number;
};

/**
 * The models offered. The vectors are shortened where the API allows it (decision 0108): a 512- or
 * 768-long vector keeps most of the quality and makes the index on the device a fraction of the size.
 */
export const EMBEDDING_MODELS = [
  {
    key: 'openai:text-embedding-3-small',
    dialect: 'openai',
    provider: 'openai',
    model: 'text-embedding-3-small',
    dimensions: 512,
    shortened: true,
    maxBatch: 256,
    usdPerMillionTokens: 0.02,
  },
  {
    key: 'openai:text-embedding-3-large',
    dialect: 'openai',
    provider: 'openai',
    model: 'text-embedding-3-large',
    dimensions: 768,
    shortened: true,
    maxBatch: 256,
    usdPerMillionTokens: 0.13,
  },
  {
    key: 'gemini:gemini-embedding-001',
    dialect: 'gemini',
    provider: 'gemini',
    model: 'gemini-embedding-001',
    dimensions: 768,
    shortened: true,
    maxBatch: 100,
    usdPerMillionTokens: 0.15,
  },
] as const satisfies readonly EmbeddingModel[];

/** A model on an endpoint the user names (Ollama or OpenAI-compatible): its length is learnt (KB21). */
export function endpointEmbeddingModel(dialect: 'openai' | 'ollama', model: string): EmbeddingModel {
  return {
    key: `${dialect === 'ollama' ? 'ollama' : 'compatible'}:${model}`,
    dialect,
    provider: null,
    model,
    dimensions: 0,
    shortened: false,
    maxBatch: 64,
    usdPerMillionTokens: 0,
  };
}

export type EmbeddingCall = {
  url: string;
  method: 'POST';
  headers: Record<string, string>;
  body: string;
};

export type EmbeddingTarget = {
  model: EmbeddingModel;
  /** The API's base URL (`https://api.openai.com/v1`, `.../v1beta`, `http://localhost:11434`). */
  baseUrl: string;
  apiKey?: string | undefined;
};

const trimSlash = (url: string) => url.replace(/\/+$/, '');

/** KB20: one call that embeds `inputs` (at most `model.maxBatch` of them, KB22). */
export function buildEmbeddingCall(target: EmbeddingTarget, inputs: readonly string[]): EmbeddingCall {
  const { model, apiKey } = target;
  const base = trimSlash(target.baseUrl);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  switch (model.dialect) {
    case 'openai':
      if (apiKey) headers.authorization = `Bearer ${apiKey}`;
      return {
        url: `${base}/embeddings`,
        method: 'POST',
        headers,
        body: JSON.stringify({
          model: model.model,
          input: inputs,
          encoding_format: 'float',
          ...(model.shortened ? { dimensions: model.dimensions } : {}),
        }),
      };
    case 'gemini':
      if (apiKey) headers['x-goog-api-key'] = apiKey;
      return {
        url: `${base}/models/${encodeURIComponent(model.model)}:batchEmbedContents`,
        method: 'POST',
        headers,
        body: JSON.stringify({
          requests: inputs.map((text) => ({
            model: `models/${model.model}`,
            content: { parts: [{ text }] },
            taskType: 'RETRIEVAL_DOCUMENT',
            ...(model.shortened ? { outputDimensionality: model.dimensions } : {}),
          })),
        }),
      };
    case 'ollama':
      if (apiKey) headers.authorization = `Bearer ${apiKey}`;
      return {
        url: `${base}/api/embed`,
        method: 'POST',
        headers,
        body: JSON.stringify({ model: model.model, input: inputs }),
      };
  }
}

const vector = z.array(z.number());
const openaiAnswer = z.object({
  data: z.array(z.object({ index: z.number().int().nonnegative(), embedding: vector })),
  usage: z.object({ prompt_tokens: z.number().nonnegative() }).partial().optional(),
});
const geminiAnswer = z.object({ embeddings: z.array(z.object({ values: vector })) });
const ollamaAnswer = z.object({
  embeddings: z.array(vector),
  prompt_eval_count: z.number().nonnegative().optional(),
});

export type EmbeddingResult = { vectors: number[][]; tokens: number | undefined };

/** Why an answer could not be used: each has its own message in the panel. */
export class EmbeddingAnswerError extends Error {}

/**
 * KB23: the vectors of an answer, in the order of the inputs, all of one length; the tokens the
 * provider counted when it says. An answer of the wrong shape or count is refused.
 */
export function readEmbeddingAnswer(
  dialect: EmbeddingDialect,
  json: unknown,
  inputs: number,
): EmbeddingResult {
  let result: EmbeddingResult;
  if (dialect === 'openai') {
    const parsed = openaiAnswer.safeParse(json);
    if (!parsed.success) throw new EmbeddingAnswerError('the embeddings answer is not in the OpenAI format');
    const ordered = [...parsed.data.data].sort((a, b) => a.index - b.index);
    result = { vectors: ordered.map((item) => item.embedding), tokens: parsed.data.usage?.prompt_tokens };
  } else if (dialect === 'gemini') {
    const parsed = geminiAnswer.safeParse(json);
    if (!parsed.success) throw new EmbeddingAnswerError('the embeddings answer is not in the Gemini format');
    result = { vectors: parsed.data.embeddings.map((item) => item.values), tokens: undefined };
  } else {
    const parsed = ollamaAnswer.safeParse(json);
    if (!parsed.success) throw new EmbeddingAnswerError('the embeddings answer is not in the Ollama format');
    result = { vectors: parsed.data.embeddings, tokens: parsed.data.prompt_eval_count };
  }
  if (result.vectors.length !== inputs) {
    throw new EmbeddingAnswerError(`asked for ${inputs} vectors, got ${result.vectors.length}`);
  }
  const length = result.vectors[0]?.length ?? 0;
  if (length === 0 || result.vectors.some((item) => item.length !== length)) {
    throw new EmbeddingAnswerError('the vectors are empty or of different lengths');
  }
  return result;
}

/** KB22: inputs in batches of at most `maxBatch`, and of at most `maxChars` characters each batch. */
export function embeddingBatches<T>(
  items: readonly T[],
  textOf: (item: T) => string,
  maxBatch: number,
  maxChars = 200_000,
): T[][] {
  const batches: T[][] = [];
  let batch: T[] = [];
  let chars = 0;
  for (const item of items) {
    const length = textOf(item).length;
    if (batch.length > 0 && (batch.length >= maxBatch || chars + length > maxChars)) {
      batches.push(batch);
      batch = [];
      chars = 0;
    }
    batch.push(item);
    chars += length;
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}

export const EMBEDDING_RETRY = { attempts: 5, baseMs: 1000, maxMs: 30_000 } as const;

/**
 * KB25: how long to wait before trying a call again after a 429 (or a 5xx): the provider's
 * `Retry-After` (seconds or an HTTP date) when it gives one, else 1 s, 2 s, 4 s, ... capped at 30 s;
 * undefined once `attempt` (from 1) has used up the tries.
 */
export function embeddingRetryDelay(
  attempt: number,
  retryAfter: string | null | undefined,
  now: number,
): number | undefined {
  if (attempt >= EMBEDDING_RETRY.attempts) return undefined;
  if (retryAfter) {
    const seconds = Number(retryAfter);
    if (Number.isFinite(seconds) && seconds >= 0) return Math.min(seconds * 1000, EMBEDDING_RETRY.maxMs);
    const date = Date.parse(retryAfter);
    if (Number.isFinite(date)) return Math.min(Math.max(0, date - now), EMBEDDING_RETRY.maxMs);
  }
  return Math.min(EMBEDDING_RETRY.baseMs * 2 ** (attempt - 1), EMBEDDING_RETRY.maxMs);
}

/** KB26: what embedding `tokens` costs with `model`, in USD. */
export function embeddingCost(model: Pick<EmbeddingModel, 'usdPerMillionTokens'>, tokens: number): number {
  return (tokens * model.usdPerMillionTokens) / 1_000_000;
}

/** A query is embedded with the same model as the passages (Gemini: as a query, KB20). */
export function buildQueryEmbeddingCall(target: EmbeddingTarget, query: string): EmbeddingCall {
  const call = buildEmbeddingCall(target, [query]);
  if (target.model.dialect !== 'gemini') return call;
  const body = JSON.parse(call.body) as { requests: { taskType: string }[] };
  for (const request of body.requests) request.taskType = 'RETRIEVAL_QUERY';
  return { ...call, body: JSON.stringify(body) };
}

/** Unit length, so a dot product is the cosine (vectors from any provider compare alike). */
export function normalise(values: readonly number[]): Float32Array {
  let sum = 0;
  for (const value of values) sum += value * value;
  const scale = sum > 0 ? 1 / Math.sqrt(sum) : 0;
  const out = new Float32Array(values.length);
  for (let i = 0; i < values.length; i++) out[i] = values[i]! * scale;
  return out;
}
