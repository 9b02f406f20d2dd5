// Model lists in each provider's shape, so a "fetch models" screen has something real-looking to show.
import type { IncomingMessage } from 'node:http';
import { anthropicInvalidKey, anthropicMissingKey } from './anthropic-errors';
import { geminiInvalidKey, geminiMissingKey } from './gemini-errors';
import type { HttpAnswer } from './http-io';
import { headerValue, jsonAnswer } from './http-io';
import { openaiInvalidKey, openaiMissingKey } from './openai-errors';
import { judgeKey } from './provider-adapter';

const CREATED = 1_735_689_600; // 2025-01-01: fixed so lists are stable across runs.

const OPENAI_MODELS = ['gpt-4o', 'gpt-4o-mini', 'gpt-4.1', 'gpt-4.1-mini', 'o3-mini'];
const ANTHROPIC_MODELS: [string, string][] = [
  ['claude-sonnet-4-20250514', 'Claude Sonnet 4'],
  ['claude-opus-4-1-20250805', 'Claude Opus 4.1'],
  ['claude-3-5-haiku-20241022', 'Claude Haiku 3.5'],
];
const GEMINI_MODELS: [string, string, number][] = [
  ['gemini-2.5-pro', 'Gemini 2.5 Pro', 1_048_576],
  ['gemini-2.5-flash', 'Gemini 2.5 Flash', 1_048_576],
  ['gemini-2.0-flash', 'Gemini 2.0 Flash', 1_048_576],
];
const OPENROUTER_MODELS: [string, string, number, string, string][] = [
  ['openai/gpt-4o-mini', 'OpenAI: GPT-4o-mini', 128_000, '0.00000015', '0.0000006'],
  ['anthropic/claude-sonnet-4', 'Anthropic: Claude Sonnet 4', 200_000, '0.000003', '0.000015'],
  ['google/gemini-2.5-flash', 'Google: Gemini 2.5 Flash', 1_048_576, '0.0000003', '0.0000025'],
  ['meta-llama/llama-3.3-70b-instruct', 'Meta: Llama 3.3 70B Instruct', 131_072, '0.00000013', '0.0000004'],
];

/** `GET /v1/models` is shared by OpenAI and Anthropic: Anthropic's headers pick its shape. */
export function listModelsV1(req: IncomingMessage): HttpAnswer {
  const anthropicKey = headerValue(req, 'x-api-key');
  if (anthropicKey !== undefined || headerValue(req, 'anthropic-version') !== undefined) {
    const verdict = judgeKey(anthropicKey);
    if (verdict !== 'ok') return verdict === 'missing' ? anthropicMissingKey() : anthropicInvalidKey();
    const data = ANTHROPIC_MODELS.map(([id, display_name]) => ({
      type: 'model',
      id,
      display_name,
      created_at: '2025-05-14T00:00:00Z',
    }));
    return jsonAnswer(200, {
      data,
      has_more: false,
      first_id: data[0]?.id,
      last_id: data[data.length - 1]?.id,
    });
  }
  const key = /^Bearer\s+(.*)$/i.exec(headerValue(req, 'authorization') ?? '')?.[1];
  const verdict = judgeKey(key);
  if (verdict !== 'ok') return verdict === 'missing' ? openaiMissingKey() : openaiInvalidKey(key ?? '');
  const data = OPENAI_MODELS.map((id) => ({ id, object: 'model', created: CREATED, owned_by: 'system' }));
  return jsonAnswer(200, { object: 'list', data });
}

/** OpenRouter's catalogue is public: no key needed. */
export function listOpenRouterModels(): HttpAnswer {
  const data = OPENROUTER_MODELS.map(([id, name, context_length, prompt, completion]) => ({
    id,
    canonical_slug: id,
    name,
    created: CREATED,
    description: `${name} (simulated)`,
    context_length,
    architecture: { modality: 'text->text', input_modalities: ['text'], output_modalities: ['text'] },
    pricing: { prompt, completion, request: '0', image: '0' },
    top_provider: { context_length, max_completion_tokens: 16_384, is_moderated: false },
    supported_parameters: ['max_tokens', 'temperature', 'tools', 'tool_choice', 'stream'],
  }));
  return jsonAnswer(200, { data });
}

export function listGeminiModels(key: string | undefined): HttpAnswer {
  const verdict = judgeKey(key);
  if (verdict !== 'ok') return verdict === 'missing' ? geminiMissingKey() : geminiInvalidKey();
  const models = GEMINI_MODELS.map(([id, displayName, inputTokenLimit]) => ({
    name: `models/${id}`,
    version: '001',
    displayName,
    inputTokenLimit,
    outputTokenLimit: 65_536,
    supportedGenerationMethods: ['generateContent', 'countTokens', 'streamGenerateContent'],
  }));
  return {
    status: 200,
    body: `${JSON.stringify({ models }, null, 2)}\n`,
    contentType: 'application/json; charset=UTF-8',
  };
}
