// Embeddings: OpenAI's `POST /v1/embeddings`, Gemini's `models/{model}:embedContent` and
// `:batchEmbedContents`, Ollama's `POST /api/embed`. Vectors are deterministic and of each model's
// real length: hashed features of the words (lower case, a plain stem), their character trigrams
// and the word pairs, signed and normalised, so texts that share words (or word forms) are near
// each other and retrieval over them works as it would with a real model, only cruder.
// `[[sim:429]]` in an input answers 429 with Retry-After: 1 the first time that batch is sent.
import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { googleError, geminiInvalidKey, geminiMissingKey } from './gemini-errors';
import { headerValue, isRecord, jsonAnswer, type HttpAnswer } from './http-io';
import { openaiBadRequest, openaiErrorFor, openaiInvalidKey, openaiMissingKey } from './openai-errors';
import { judgeKey } from './provider-adapter';

export const OPENAI_EMBEDDINGS_ROUTE = '/v1/embeddings';
export const OLLAMA_EMBED_ROUTE = '/api/embed';
export const GEMINI_EMBED_ROUTE = /^\/v1beta\/models\/([^/:]+):(embedContent|batchEmbedContents)$/;

/** Each model's own vector length, and whether it can be asked for a shorter one. */
const OPENAI_MODELS: Record<string, { dimensions: number; shortens: boolean }> = {
  'text-embedding-3-small': { dimensions: 1536, shortens: true },
  'text-embedding-3-large': { dimensions: 3072, shortens: true },
  'text-embedding-ada-002': { dimensions: 1536, shortens: false },
};
const GEMINI_MODELS: Record<string, number> = { 'gemini-embedding-001': 3072, 'text-embedding-004': 768 };
const OLLAMA_MODELS: Record<string, number> = {
  'nomic-embed-text': 768,
  'mxbai-embed-large': 1024,
  'all-minilm': 384,
};
const OPENAI_MAX_INPUTS = 2048;
const GEMINI_MAX_REQUESTS = 100;

const STOP = new Set(
  'a an and are as at be by for from has have how in is it its of on or that the this to was were what when where which who why will with'.split(
    ' ',
  ),
);

function stem(word: string): string {
  return word.replace(/(?:ies|es|s|ing|ed|ly)$/, (ending) => (ending === 'ies' ? 'y' : '')) || word;
}

function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** The deterministic vector of a text: hashed, signed features, unit length. */
export function simEmbedding(text: string, dimensions: number): number[] {
  const vector = new Float64Array(dimensions);
  const add = (feature: string, weight: number) => {
    const h = hash(feature);
    vector[h % dimensions]! += (h & 0x80000000 ? -1 : 1) * weight;
  };
  const words = (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((word) => !STOP.has(word));
  const stems = words.map(stem);
  stems.forEach((word, i) => {
    add(`w:${word}`, 1);
    const padded = `^${word}$`;
    for (let j = 0; j + 3 <= padded.length; j++) add(`t:${padded.slice(j, j + 3)}`, 0.25);
    if (i > 0) add(`b:${stems[i - 1]} ${word}`, 0.5);
  });
  // An empty text still gets a vector (the real APIs answer one), the same for every empty text.
  if (words.length === 0) add('empty', 1);
  let norm = 0;
  for (const value of vector) norm += value * value;
  const scale = 1 / Math.sqrt(norm || 1);
  return Array.from(vector, (value) => Math.round(value * scale * 1e6) / 1e6);
}

const tokensOf = (texts: readonly string[]) =>
  texts.reduce((sum, text) => sum + Math.ceil((text.match(/\S+/g)?.length ?? 0) * 1.33), 0);

/** Batches already refused once with 429 (by content), so the retry goes through. */
const refusedOnce = new Set<string>();

function rateLimited(inputs: readonly string[]): boolean {
  if (!inputs.some((input) => input.includes('[[sim:429]]'))) return false;
  const key = createHash('sha256').update(inputs.join('\u0000')).digest('hex');
  if (refusedOnce.has(key)) return false;
  refusedOnce.add(key);
  return true;
}

export function handleOpenAIEmbeddings(req: IncomingMessage, body: unknown): HttpAnswer {
  const header = headerValue(req, 'authorization');
  const key = header ? /^Bearer\s+(.*)$/i.exec(header)?.[1] : undefined;
  const verdict = judgeKey(key);
  if (verdict === 'missing') return openaiMissingKey();
  if (verdict === 'invalid') return openaiInvalidKey(key!);
  if (!isRecord(body)) return openaiBadRequest('We could not parse the JSON body of your request.');
  const model = typeof body.model === 'string' ? body.model : '';
  if (model === '') return openaiBadRequest('you must provide a model parameter', 'model');
  const spec = OPENAI_MODELS[model];
  if (!spec) return openaiErrorFor(404, null, model);
  const input = body.input;
  const inputs = typeof input === 'string' ? [input] : Array.isArray(input) ? input : null;
  if (!inputs || inputs.length === 0 || inputs.some((item) => typeof item !== 'string' || item === '')) {
    return openaiBadRequest(
      "'$.input' is invalid. Please check the API reference: https://platform.openai.com/docs/api-reference.",
      'input',
    );
  }
  if (inputs.length > OPENAI_MAX_INPUTS) {
    return openaiBadRequest(
      `'input' : maximum ${OPENAI_MAX_INPUTS} inputs per request.`,
      'input',
      'invalid_value',
    );
  }
  let dimensions = spec.dimensions;
  if (body.dimensions !== undefined) {
    if (!spec.shortens)
      return openaiBadRequest('This model does not support specifying dimensions.', 'dimensions');
    if (typeof body.dimensions !== 'number' || body.dimensions < 1 || body.dimensions > spec.dimensions) {
      return openaiBadRequest(
        `Invalid value for 'dimensions': must be between 1 and ${spec.dimensions}.`,
        'dimensions',
      );
    }
    dimensions = body.dimensions;
  }
  const texts = inputs as string[];
  if (rateLimited(texts)) {
    const message = `Rate limit reached for ${model} in organization org-sim on requests per min (RPM): Limit 3000, Used 3000, Requested 1. Please try again in 1s. Visit https://platform.openai.com/account/rate-limits to learn more.`;
    const error = { message, type: 'requests', param: null, code: 'rate_limit_exceeded' };
    return jsonAnswer(429, { error }, { 'retry-after': '1' });
  }
  const tokens = tokensOf(texts);
  return jsonAnswer(200, {
    object: 'list',
    data: texts.map((text, index) => ({
      object: 'embedding',
      index,
      embedding: simEmbedding(text, dimensions),
    })),
    model,
    usage: { prompt_tokens: tokens, total_tokens: tokens },
  });
}

function geminiText(request: unknown): string | null {
  if (!isRecord(request) || !isRecord(request.content) || !Array.isArray(request.content.parts)) return null;
  const texts = request.content.parts.map((part) =>
    isRecord(part) && typeof part.text === 'string' ? part.text : '',
  );
  return texts.join('');
}

export function handleGeminiEmbeddings(
  req: IncomingMessage,
  url: URL,
  model: string,
  method: 'embedContent' | 'batchEmbedContents',
  body: unknown,
): HttpAnswer {
  const key = headerValue(req, 'x-goog-api-key') ?? url.searchParams.get('key') ?? undefined;
  const verdict = judgeKey(key);
  if (verdict === 'missing') return geminiMissingKey();
  if (verdict === 'invalid') return geminiInvalidKey();
  const full = GEMINI_MODELS[model];
  if (!full) {
    return googleError(
      404,
      `models/${model} is not found for API version v1beta, or is not supported for ${method}. Call ListModels to see the list of available models and their supported methods.`,
      'NOT_FOUND',
    );
  }
  if (!isRecord(body)) return googleError(400, 'Invalid JSON payload received.', 'INVALID_ARGUMENT');
  const requests = method === 'embedContent' ? [body] : Array.isArray(body.requests) ? body.requests : null;
  if (!requests || requests.length === 0) {
    return googleError(
      400,
      '* BatchEmbedContentsRequest.requests: requests is required\n',
      'INVALID_ARGUMENT',
    );
  }
  if (requests.length > GEMINI_MAX_REQUESTS) {
    return googleError(
      400,
      `* BatchEmbedContentsRequest.requests: at most ${GEMINI_MAX_REQUESTS} requests can be in one batch\n`,
      'INVALID_ARGUMENT',
    );
  }
  const texts: string[] = [];
  const lengths: number[] = [];
  for (const request of requests) {
    const text = geminiText(request);
    if (text === null)
      return googleError(400, '* EmbedContentRequest.content: content is required\n', 'INVALID_ARGUMENT');
    const asked = isRecord(request) ? request.outputDimensionality : undefined;
    texts.push(text);
    lengths.push(typeof asked === 'number' && asked > 0 && asked <= full ? asked : full);
  }
  if (rateLimited(texts)) {
    return googleError(429, 'Resource has been exhausted (e.g. check quota).', 'RESOURCE_EXHAUSTED', [
      { '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '1s' },
    ]);
  }
  const embeddings = texts.map((text, i) => ({ values: simEmbedding(text, lengths[i]!) }));
  return jsonAnswer(200, method === 'embedContent' ? { embedding: embeddings[0] } : { embeddings });
}

export function handleOllamaEmbed(body: unknown): HttpAnswer {
  if (!isRecord(body) || typeof body.model !== 'string')
    return jsonAnswer(400, { error: 'model is required' });
  const dimensions = OLLAMA_MODELS[body.model.replace(/:latest$/, '')];
  if (!dimensions) {
    return jsonAnswer(404, { error: `model "${body.model}" not found, try pulling it first` });
  }
  const input = body.input;
  const inputs = typeof input === 'string' ? [input] : Array.isArray(input) ? input : null;
  if (!inputs || inputs.some((item) => typeof item !== 'string')) {
    return jsonAnswer(400, { error: 'invalid input type' });
  }
  const texts = inputs as string[];
  if (rateLimited(texts))
    return jsonAnswer(429, { error: 'server busy, please try again.  maximum pending requests exceeded' });
  return jsonAnswer(200, {
    model: body.model,
    embeddings: texts.map((text) => simEmbedding(text, dimensions)),
    total_duration: 14_143_917,
    load_duration: 1_019_500,
    prompt_eval_count: tokensOf(texts),
  });
}
