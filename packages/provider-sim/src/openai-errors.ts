// Error bodies of the OpenAI family, copied from real responses (fixtures/provider-streams/errors/
// openai-error-bodies-from-issues.txt). OpenAI: {"error":{message,type,param,code}}. OpenRouter:
// {"error":{message,code,metadata?}} with the HTTP status repeated as a number in `code`.
import type { HttpAnswer } from './http-io';
import { jsonAnswer } from './http-io';
import { compatibleErrorFor } from './compatible-errors';

interface OpenAIErrorBody {
  message: string;
  type: string;
  param: string | null;
  code: string | null;
}

function openaiAnswer(status: number, error: OpenAIErrorBody, headers?: Record<string, string>): HttpAnswer {
  return jsonAnswer(status, { error }, headers);
}

/** OpenAI shows the first 8 and last 4 characters of a wrong key. */
function maskKey(key: string): string {
  if (key.length <= 12) return `${key.slice(0, Math.min(3, key.length))}***`;
  return `${key.slice(0, 8)}${'*'.repeat(key.length - 12)}${key.slice(-4)}`;
}

export function openaiMissingKey(): HttpAnswer {
  return openaiAnswer(401, {
    message:
      "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY), or as the password field (with blank username) if you're accessing the API from your browser and are prompted for a username. You can obtain an API key from https://platform.openai.com/account/api-keys.",
    type: 'invalid_request_error',
    param: null,
    code: null,
  });
}

export function openaiInvalidKey(key: string): HttpAnswer {
  return openaiAnswer(401, {
    message: `Incorrect API key provided: ${maskKey(key)}. You can find your API key at https://platform.openai.com/account/api-keys.`,
    type: 'invalid_request_error',
    param: null,
    code: 'invalid_api_key',
  });
}

export function openaiBadRequest(message: string, param: string | null = null, code: string | null = null) {
  return openaiAnswer(400, { message, type: 'invalid_request_error', param, code });
}

export function openaiContextOverflow(promptTokens: number, limitTokens: number): HttpAnswer {
  return openaiBadRequest(
    `This model's maximum context length is ${limitTokens} tokens. However, your messages resulted in ${promptTokens} tokens. Please reduce the length of the messages.`,
    'messages',
    'context_length_exceeded',
  );
}

const QUOTA: OpenAIErrorBody = {
  message:
    'You exceeded your current quota, please check your plan and billing details. For more information on this error, read the docs: https://platform.openai.com/docs/guides/error-codes/api-errors.',
  type: 'insufficient_quota',
  param: null,
  code: 'insufficient_quota',
};

/** The body OpenAI sends for `status`; statuses OpenAI never uses get the nearest plausible body. */
export function openaiErrorFor(status: number, variant: string | null, model: string): HttpAnswer {
  const compatible = variant ? compatibleErrorFor(status, variant) : null;
  if (compatible) return compatible;
  switch (status) {
    case 400:
      return openaiBadRequest('Unrecognized request argument supplied: sim_unknown_argument');
    case 401:
      return openaiInvalidKey('sk-sim-invalid-key-0000');
    case 402:
      return openaiAnswer(402, QUOTA);
    case 403:
      return openaiAnswer(403, {
        message: 'Country, region, or territory not supported',
        type: 'request_forbidden',
        param: null,
        code: 'unsupported_country_region_territory',
      });
    case 404:
      return openaiAnswer(404, {
        message: `The model \`${model}\` does not exist or you do not have access to it.`,
        type: 'invalid_request_error',
        param: null,
        code: 'model_not_found',
      });
    case 413:
      return openaiAnswer(413, {
        message: 'Request too large. The request body exceeds the maximum size allowed.',
        type: 'invalid_request_error',
        param: null,
        code: 'request_too_large',
      });
    case 429:
      if (variant === 'quota') return openaiAnswer(429, QUOTA);
      return openaiAnswer(
        429,
        {
          message: `Rate limit reached for ${model} in organization org-sim on tokens per min (TPM): Limit 30000, Used 14567, Requested 24754. Please try again in 18.642s. Visit https://platform.openai.com/account/rate-limits to learn more.`,
          type: 'tokens',
          param: null,
          code: 'rate_limit_exceeded',
        },
        { 'retry-after': '19', 'x-ratelimit-limit-tokens': '30000', 'x-ratelimit-reset-tokens': '18.642s' },
      );
    case 500:
      return openaiAnswer(500, {
        message: 'The server had an error while processing your request. Sorry about that!',
        type: 'server_error',
        param: null,
        code: null,
      });
    default:
      return openaiAnswer(status, {
        message: 'The engine is currently overloaded, please try again later',
        type: 'server_error',
        param: null,
        code: null,
      });
  }
}

// ---- OpenRouter -------------------------------------------------------------------------------------------

function openrouterAnswer(status: number, message: string, metadata?: Record<string, unknown>): HttpAnswer {
  return jsonAnswer(status, { error: { message, code: status, ...(metadata ? { metadata } : {}) } });
}

export function openrouterMissingKey(): HttpAnswer {
  return openrouterAnswer(401, 'No auth credentials found');
}

export function openrouterInvalidKey(): HttpAnswer {
  return openrouterAnswer(401, 'User not found.');
}

export function openrouterBadRequest(message: string): HttpAnswer {
  return openrouterAnswer(400, message);
}

export function openrouterContextOverflow(promptTokens: number, limitTokens: number): HttpAnswer {
  return openrouterAnswer(
    400,
    `This endpoint's maximum context length is ${limitTokens} tokens. However, you requested about ${promptTokens} tokens (${promptTokens} of text input). Please reduce the length of either one, or use the "middle-out" transform to compress your prompt automatically.`,
    { provider_name: null },
  );
}

function outOfCredits(): HttpAnswer {
  return openrouterAnswer(
    402,
    'This request requires more credits, or fewer max_tokens. You requested up to 4096 tokens, but can only afford 1234. To increase, visit https://openrouter.ai/settings/credits and upgrade to a paid account',
    { provider_name: null },
  );
}

/** OpenRouter's body for `status`; its exhausted quota is a 402, so `429 quota` answers 402 as it would. */
export function openrouterErrorFor(status: number, variant: string | null, model: string): HttpAnswer {
  switch (status) {
    case 400:
      return openrouterBadRequest(`${model} is not a valid model ID`);
    case 401:
      return openrouterInvalidKey();
    case 402:
      return outOfCredits();
    case 403:
      return openrouterAnswer(
        403,
        `${model} requires moderation on OpenAI. Your input was flagged for "harassment". No credits were charged.`,
        {
          reasons: ['harassment'],
          flagged_input: '...',
          provider_name: 'OpenAI',
          model_slug: model,
        },
      );
    case 404:
      return openrouterAnswer(404, `No endpoints found for ${model}.`);
    case 413:
      return openrouterAnswer(413, 'Request entity too large');
    case 429:
      if (variant === 'quota') return outOfCredits();
      return openrouterAnswer(429, 'Rate limit exceeded: free-models-per-min. ', {
        headers: {
          'X-RateLimit-Limit': '20',
          'X-RateLimit-Remaining': '0',
          'X-RateLimit-Reset': '1750000000000',
        },
        provider_name: null,
      });
    case 500:
      return openrouterAnswer(500, 'Internal Server Error');
    case 502:
      // The upstream provider's own answer, relayed as a string in metadata.raw.
      return openrouterAnswer(502, 'Provider returned error', {
        raw: JSON.stringify({
          error: {
            message: 'The server had an error processing your request. Sorry about that!',
            type: 'server_error',
            param: null,
            code: null,
          },
        }),
        provider_name: 'OpenAI',
      });
    default:
      return openrouterAnswer(status, 'Service Unavailable');
  }
}
