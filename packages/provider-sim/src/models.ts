// Model lists in each provider's real shape, pagination included (ROUTES in server.ts).
import type { IncomingMessage } from 'node:http';
import { anthropicInvalidKey, anthropicMissingKey } from './anthropic-errors';
import { geminiInvalidKey, geminiMissingKey } from './gemini-errors';
import type { HttpAnswer } from './http-io';
import { headerValue, jsonAnswer } from './http-io';
import {
  ANTHROPIC_LIST,
  COMPAT_MODELS,
  GEMINI_LIST,
  LIST_CREATED,
  OPENAI_LIST,
  OPENROUTER_LIST,
} from './model-list-data';
import type { CompatFlavour, ModelListOptions } from './model-list-options';
import { openaiInvalidKey, openaiMissingKey } from './openai-errors';
import { judgeKey } from './provider-adapter';

/** Small pages, so every client has to follow them (the real APIs allow up to 1000). */
const ANTHROPIC_PAGE = 2;
const GEMINI_PAGE = 3;

/** html / not-json / 401 answers, the same for every provider's list. */
function trouble(options: ModelListOptions, unauthorized: () => HttpAnswer): HttpAnswer | undefined {
  if (options.unauthorized) return unauthorized();
  if (options.html) {
    return {
      status: 200,
      contentType: 'text/html; charset=utf-8',
      body: '<!DOCTYPE html><html><head><title>Sign in</title></head><body><h1>Please sign in</h1></body></html>',
    };
  }
  if (options.notJson)
    return { status: 200, contentType: 'text/plain', body: 'Service is warming up, try later\n' };
  return undefined;
}

function generated(count: number): string[] {
  return Array.from({ length: count }, (_, i) => `sim-model-${String(i).padStart(6, '0')}`);
}

/** `GET /v1/models` is shared by OpenAI and Anthropic: Anthropic's headers pick its shape. */
export function listModelsV1(req: IncomingMessage, url: URL, options: ModelListOptions): HttpAnswer {
  if (options.flavour) return listCompatModels(options.flavour, options);
  const anthropicKey = headerValue(req, 'x-api-key');
  if (anthropicKey !== undefined || headerValue(req, 'anthropic-version') !== undefined) {
    const failed = trouble(options, anthropicInvalidKey);
    if (failed) return failed;
    const verdict = judgeKey(anthropicKey);
    if (verdict !== 'ok') return verdict === 'missing' ? anthropicMissingKey() : anthropicInvalidKey();
    return anthropicPage(url, options);
  }
  const key = /^Bearer\s+(.*)$/i.exec(headerValue(req, 'authorization') ?? '')?.[1];
  const failed = trouble(options, () => openaiInvalidKey(key ?? ''));
  if (failed) return failed;
  const verdict = judgeKey(key);
  if (verdict !== 'ok') return verdict === 'missing' ? openaiMissingKey() : openaiInvalidKey(key ?? '');
  const ids = options.count !== undefined ? generated(options.count) : OPENAI_LIST;
  const data = ids.map((id) => ({
    id,
    object: 'model',
    created: LIST_CREATED,
    owned_by: id.startsWith('gpt-') || id.startsWith('o') ? 'system' : 'openai-internal',
  }));
  return jsonAnswer(200, { object: 'list', data });
}

/** Anthropic: `limit` (default 20), `after_id`; answers `has_more`, `first_id`, `last_id`. */
function anthropicPage(url: URL, options: ModelListOptions): HttpAnswer {
  const all =
    options.count !== undefined
      ? generated(options.count).map((id): [string, string, string] => [id, id, '2025-11-01T00:00:00Z'])
      : ANTHROPIC_LIST;
  const limit = Math.min(
    Number(url.searchParams.get('limit') ?? 20) || 20,
    options.pageSize ?? ANTHROPIC_PAGE,
  );
  const after = url.searchParams.get('after_id');
  const start = after ? all.findIndex(([id]) => id === after) + 1 : 0;
  const page = all.slice(start, start + limit);
  const data = page.map(([id, display_name, created_at]) => ({
    type: 'model',
    id,
    display_name,
    created_at,
    // Newer API versions say what a model writes at most and which kinds of thinking it takes.
    ...(options.count === undefined
      ? {
          max_tokens: id.startsWith('claude-opus-4-1') ? 32_000 : 64_000,
          capabilities: {
            thinking: {
              supported: true,
              types: { enabled: { supported: true }, adaptive: { supported: false } },
            },
          },
        }
      : {}),
  }));
  return jsonAnswer(200, {
    data,
    has_more: start + limit < all.length,
    first_id: data[0]?.id ?? null,
    last_id: data[data.length - 1]?.id ?? null,
  });
}

/** The listed models that reason, as OpenRouter marks them (`reasoning` among the supported parameters). */
const REASONING_MODEL = /^(openai\/gpt-5|anthropic\/claude-(opus|sonnet|haiku)-4|google\/gemini-(2\.5|3))/;

function maxCompletionTokens(id: string): number {
  if (id.startsWith('openai/gpt-5')) return 128_000;
  if (id.startsWith('anthropic/claude-')) return 64_000;
  if (id.startsWith('google/gemini-')) return 65_536;
  return 16_384;
}

/** OpenRouter's catalogue is public: no key needed. Prices are strings of USD per token. */
export function listOpenRouterModels(options: ModelListOptions): HttpAnswer {
  const failed = trouble(options, () =>
    jsonAnswer(401, { error: { message: 'No auth credentials found', code: 401 } }),
  );
  if (failed) return failed;
  const rows: typeof OPENROUTER_LIST =
    options.count !== undefined
      ? generated(options.count).map((id, i) => [
          `vendor-${i % 40}/${id}`,
          `Vendor ${i % 40}: Sim Model ${i}`,
          [8_192, 32_768, 131_072, 200_000, 1_048_576][i % 5]!,
          String((i % 50) / 1e7),
          String((i % 50) / 2e6),
          i % 3 === 0 ? ['text', 'image'] : ['text'],
          i % 2 === 0,
        ])
      : OPENROUTER_LIST;
  const data = rows.map(([id, name, context_length, prompt, completion, inputs, tools]) => ({
    id,
    canonical_slug: id,
    name,
    created: LIST_CREATED,
    description: `${name} (simulated)`,
    context_length,
    architecture: {
      modality: inputs.includes('image') ? 'text+image->text' : 'text->text',
      input_modalities: inputs,
      output_modalities: ['text'],
      tokenizer: 'Other',
      instruct_type: null,
    },
    pricing: { prompt, completion, request: '0', image: '0', web_search: '0', internal_reasoning: '0' },
    top_provider: { context_length, max_completion_tokens: maxCompletionTokens(id), is_moderated: false },
    per_request_limits: null,
    supported_parameters: [
      'max_tokens',
      'temperature',
      ...(tools ? ['tools', 'tool_choice'] : []),
      'stop',
      'top_p',
      ...(REASONING_MODEL.test(id) ? ['reasoning', 'include_reasoning'] : []),
    ],
  }));
  return jsonAnswer(200, { data });
}

/** Gemini: `pageSize` (default 50), `pageToken`; answers `nextPageToken` while more remain. */
export function listGeminiModels(key: string | undefined, url: URL, options: ModelListOptions): HttpAnswer {
  const failed = trouble(options, geminiInvalidKey);
  if (failed) return failed;
  const verdict = judgeKey(key);
  if (verdict !== 'ok') return verdict === 'missing' ? geminiMissingKey() : geminiInvalidKey();
  const all: typeof GEMINI_LIST =
    options.count !== undefined
      ? generated(options.count).map((id) => [id, id, 1_048_576, ['generateContent']])
      : GEMINI_LIST;
  const size = Math.min(
    Number(url.searchParams.get('pageSize') ?? 50) || 50,
    options.pageSize ?? GEMINI_PAGE,
  );
  const token = url.searchParams.get('pageToken');
  const start = token ? Number(Buffer.from(token, 'base64').toString('utf8')) || 0 : 0;
  const models = all.slice(start, start + size).map(([id, displayName, inputTokenLimit, methods]) => ({
    name: `models/${id}`,
    version: '001',
    displayName,
    description: `${displayName} (simulated)`,
    inputTokenLimit,
    outputTokenLimit: 65_536,
    supportedGenerationMethods: methods,
    temperature: 1,
    topP: 0.95,
    topK: 64,
    maxTemperature: 2,
    thinking: id.startsWith('gemini-2.5') || id.startsWith('gemini-3'),
  }));
  const next = start + size < all.length ? Buffer.from(String(start + size)).toString('base64') : undefined;
  // Google pretty-prints its JSON.
  return {
    status: 200,
    body: `${JSON.stringify(next ? { models, nextPageToken: next } : { models }, null, 2)}\n`,
    contentType: 'application/json; charset=UTF-8',
  };
}

/** Local OpenAI-compatible servers: no key, each with its own extra fields. */
function listCompatModels(flavour: CompatFlavour, options: ModelListOptions): HttpAnswer {
  const failed = trouble(options, openaiMissingKey);
  if (failed) return failed;
  const ids = options.count !== undefined ? generated(options.count) : COMPAT_MODELS;
  switch (flavour) {
    case 'ollama':
      return jsonAnswer(200, {
        object: 'list',
        data: ids.map((id) => ({ id, object: 'model', created: LIST_CREATED, owned_by: 'library' })),
      });
    case 'vllm':
      return jsonAnswer(200, {
        object: 'list',
        data: ids.map((id) => ({
          id,
          object: 'model',
          created: LIST_CREATED,
          owned_by: 'vllm',
          root: id,
          parent: null,
          max_model_len: 32_768,
          permission: [{ id: `modelperm-${id}`, object: 'model_permission', allow_sampling: true }],
        })),
      });
    case 'llamacpp':
      return jsonAnswer(200, {
        models: ids.map((id) => ({ name: id, model: id, type: 'model', capabilities: ['completion'] })),
        object: 'list',
        data: ids.map((id) => ({
          id,
          object: 'model',
          created: LIST_CREATED,
          owned_by: 'llamacpp',
          meta: {
            vocab_type: 2,
            n_vocab: 151_936,
            n_ctx_train: 40_960,
            n_embd: 4096,
            n_params: 8_190_735_360,
          },
        })),
      });
    case 'lmstudio':
      return jsonAnswer(200, {
        data: ids.map((id) => ({ id, object: 'model', owned_by: 'organization_owner' })),
        object: 'list',
      });
  }
}
