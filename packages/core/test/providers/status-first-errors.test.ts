import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { retryWaitSeconds } from '../../src/providers/error-classify';
import { errorFromResponse, errorFromStreamPayload } from '../../src/providers/error-mapping';
import { bodyFromText, eventsOf } from './stream-helpers';

/** SPEC.md ER13–ER15: the status first, local servers' context wording, odd 429s (ER16: upstream-cause.test.ts). */

const openAIStyle = (message: string, type: string, code: string | number | null = null) =>
  JSON.stringify({ error: { message, type, param: null, code } });

describe('ER13 the HTTP status decides first; the body refines it', () => {
  // Ollama's OpenAI-compatible API labels errors `api_error` whatever happened.
  const cases: [number, string, string][] = [
    [401, 'invalid key', 'invalid_api_key'],
    [403, 'forbidden', 'permission_denied'],
    [404, 'model "llama9" not found, try pulling it first', 'not_found'],
    [413, 'request too big', 'context_length_exceeded'],
    [429, 'too many requests', 'rate_limited'],
    [500, 'llama runner process has terminated', 'server_error'],
    [502, 'bad gateway', 'server_error'],
    [503, 'busy', 'overloaded'],
    [400, 'invalid temperature', 'bad_request'],
  ];
  for (const [status, message, code] of cases) {
    it(`ER13 ${status} labelled api_error → ${code}`, () => {
      expect(errorFromResponse('custom', status, openAIStyle(message, 'api_error')).code).toBe(code);
    });
  }

  it('ER13 the body refines within the status: 403 permission vs key, 5xx overload and time-out', () => {
    const anthropic = (type: string, message: string) =>
      JSON.stringify({ type: 'error', error: { type, message } });
    expect(errorFromResponse('anthropic', 403, anthropic('permission_error', 'no')).code).toBe(
      'permission_denied',
    );
    expect(errorFromResponse('custom', 403, openAIStyle('Invalid API key', 'api_error')).code).toBe(
      'invalid_api_key',
    );
    expect(errorFromResponse('anthropic', 529, anthropic('overloaded_error', 'Overloaded')).code).toBe(
      'overloaded',
    );
    expect(errorFromResponse('gemini', 504, '{"error":{"code":504,"status":"DEADLINE_EXCEEDED"}}').code).toBe(
      'timeout',
    );
    // A specific name that contradicts the status does not move it out of its category.
    expect(errorFromResponse('custom', 401, openAIStyle('x', 'rate_limit_exceeded')).code).toBe(
      'invalid_api_key',
    );
    expect(errorFromResponse('custom', 404, openAIStyle('x', 'server_error')).code).toBe('not_found');
  });

  it('ER13 an error inside a stream has no status: its numeric code, then its generic label decide', () => {
    expect(errorFromStreamPayload('custom', { error: { message: 'x', type: 'api_error' } }, '').code).toBe(
      'server_error',
    );
    expect(errorFromStreamPayload('custom', { error: { message: 'x', code: 429 } }, '').code).toBe(
      'rate_limited',
    );
  });
});

describe('ER13 a model the server does not have is not_found, also when it answers 400', () => {
  const bodies: [string, string, number, string][] = [
    [
      'OpenRouter',
      'openrouter',
      400,
      '{"error":{"message":"openai/gpt-4-turbo-preview is not a valid model ID","code":400}}',
    ],
    [
      'OpenAI',
      'openai',
      404,
      '{"error":{"message":"The model `gpt-4-32k` does not exist or you do not have access to it.","type":"invalid_request_error","param":null,"code":"model_not_found"}}',
    ],
    [
      'Anthropic',
      'anthropic',
      404,
      '{"type":"error","error":{"type":"not_found_error","message":"model: claude-2.0"}}',
    ],
    [
      'Gemini',
      'gemini',
      404,
      '{"error":{"code":404,"message":"models/gemini-1.0-pro is not found for API version v1beta, or is not supported for generateContent.","status":"NOT_FOUND"}}',
    ],
    [
      'Ollama',
      'custom',
      404,
      '{"error":{"message":"model \\"llama9\\" not found, try pulling it first","type":"api_error","param":null,"code":null}}',
    ],
    [
      'vLLM',
      'custom',
      400,
      '{"object":"error","message":"The model `llama-2` does not exist.","type":"NotFoundError","param":null,"code":404}',
    ],
  ];
  for (const [server, provider, status, body] of bodies) {
    it(`ER13 ${server} ${status} → not_found`, () => {
      expect(errorFromResponse(provider as 'openai', status, body).code).toBe('not_found');
    });
  }

  it('ER13 other 400s that mention a file or a tool are not a missing model', () => {
    const body = openAIStyle('The file `notes.txt` does not exist.', 'invalid_request_error');
    expect(errorFromResponse('openai', 400, body).code).toBe('bad_request');
  });
});

describe('ER14 local servers that ran out of context', () => {
  const bodies: [string, number, string][] = [
    [
      'llama.cpp, typed',
      400,
      '{"error":{"code":400,"message":"request (9412 tokens) exceeds the available context size (8192 tokens), try increasing it","type":"exceed_context_size_error","n_prompt_tokens":9412,"n_ctx":8192}}',
    ],
    [
      'llama.cpp, older wording',
      500,
      '{"error":{"code":500,"message":"the request exceeds the available context size, try increasing it","type":"server_error"}}',
    ],
    [
      'vLLM',
      400,
      `{"object":"error","message":"This model's maximum context length is 4096 tokens. However, you requested 5000 tokens (4000 in the messages, 1000 in the completion). Please reduce the length of the messages or completion.","type":"BadRequestError","param":null,"code":400}`,
    ],
    [
      'vLLM, max_tokens too large',
      400,
      `{"error":{"message":"'max_tokens' or 'max_completion_tokens' is too large: 8000. This model's maximum context length is 4096 tokens and your request has 2778 input tokens (8000 > 4096 - 2778). None","type":"BadRequestError","param":null,"code":400}}`,
    ],
    [
      'vLLM, decoder prompt',
      400,
      '{"error":{"message":"The decoder prompt (length 5000) is longer than the maximum model length of 4096. Make sure that `max_model_len` is no smaller than the number of text tokens.","type":"BadRequestError","code":400}}',
    ],
    [
      'Ollama',
      400,
      '{"error":{"message":"prompt too long; exceeded max context length by 4 tokens","type":"api_error","param":null,"code":null}}',
    ],
    [
      'LM Studio',
      400,
      '{"error":"Trying to keep the first 15857 tokens when context the overflows. However, the model is loaded with context length of only 4096 tokens, which is not enough. Try to load the model with a larger context length, or provide a shorter input"}',
    ],
    ['LM Studio, MLX', 400, '{"error":"Context size has been exceeded."}'],
  ];
  for (const [server, status, body] of bodies) {
    it(`ER14 ${server} → context_length_exceeded`, () => {
      expect(errorFromResponse('custom', status, body).code).toBe('context_length_exceeded');
    });
  }

  it('ER14 llama.cpp sending it inside a 200 stream after some text is the context error too', async () => {
    const body =
      'data: {"choices":[{"index":0,"delta":{"content":"Hi"}}]}\n\n' +
      'data: {"error":{"code":400,"message":"request (9412 tokens) exceeds the available context size (8192 tokens), try increasing it","type":"exceed_context_size_error"}}\n\n';
    const events = await eventsOf(bodyFromText(body), 'openai', 'custom');
    expect(events.map((e) => (e.type === 'error' ? e.error.code : e.type))).toEqual([
      'text-delta',
      'context_length_exceeded',
    ]);
  });
});

describe('ER15 a 429 is a rate limit or a quota whatever its body looks like', () => {
  const bodies: [string, string, string][] = [
    ['plain text', 'Too Many Requests', 'rate_limited'],
    [
      'an HTML page',
      '<!DOCTYPE html><html><head><title>429 Too Many Requests</title></head><body><h1>Slow down</h1></body></html>',
      'rate_limited',
    ],
    ['odd JSON', '{"detail":"Rate limit reached, retry in 20s"}', 'rate_limited'],
    ['a bare object', '{"status":"error"}', 'rate_limited'],
    ['quota in plain text', 'Quota exceeded for this API key', 'insufficient_quota'],
    ['billing in odd JSON', '{"detail":"Billing hard limit has been reached"}', 'insufficient_quota'],
    [
      'api_error saying insufficient balance',
      openAIStyle('Insufficient Balance', 'api_error'),
      'insufficient_quota',
    ],
    ['empty', '', 'rate_limited'],
  ];
  for (const [shape, body, code] of bodies) {
    it(`ER15 429 with ${shape} → ${code}`, () => {
      expect(errorFromResponse('custom', 429, body).code).toBe(code);
    });
  }

  it('ER15 an HTML page is shown as its title, not its markup', () => {
    const body =
      '<!DOCTYPE html><html><head><title>429 Too Many Requests</title></head><body><h1>x</h1></body></html>';
    expect(errorFromResponse('custom', 429, body).providerMessage).toBe('429 Too Many Requests');
  });

  it("ER15 Google's RESOURCE_EXHAUSTED that speaks of quota stays a rate limit (ER12)", () => {
    const body = JSON.stringify({
      error: {
        code: 429,
        message: 'You exceeded your current quota, please check your plan and billing details.',
        status: 'RESOURCE_EXHAUSTED',
      },
    });
    expect(errorFromResponse('gemini', 429, body).code).toBe('rate_limited');
  });

  it('ER15 any text body with status 429 is never outside the two codes', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (body) => {
        expect(['rate_limited', 'insufficient_quota']).toContain(errorFromResponse('custom', 429, body).code);
      }),
      { numRuns: 300, seed: 13 },
    );
  });
});

describe('ER17 limits in the words and codes of any server', () => {
  it('ER17 a quota error in a server’s own shape, at any status, is a rate limit with its text', () => {
    const body = JSON.stringify({
      code: 'QUOTA_EXCEEDED',
      error: 'Daily quota of 100000 tokens exceeded, please try again in 42 minutes.',
    });
    for (const status of [400, 403, 429, 500]) {
      const error = errorFromResponse('custom', status, body);
      expect(error.code, String(status)).toBe('rate_limited');
      expect(error.providerMessage).toBe(
        'Daily quota of 100000 tokens exceeded, please try again in 42 minutes.',
      );
    }
    expect(
      errorFromResponse('custom', 400, JSON.stringify({ error: 'Too many requests, slow down' })).code,
    ).toBe('rate_limited');
    // OpenAI's spent credits stay billing: nothing there passes by waiting.
    expect(
      errorFromResponse(
        'openai',
        429,
        JSON.stringify({ error: { message: 'You exceeded your current quota', type: 'insufficient_quota' } }),
      ).code,
    ).toBe('insufficient_quota');
  });

  it('ER17 an overload that names a wait stays an overload', () => {
    expect(
      errorFromResponse('custom', 503, JSON.stringify({ error: 'Model overloaded, try again in 5s' })).code,
    ).toBe('overloaded');
  });

  it('ER17 the wait a limit names, in seconds', () => {
    expect(retryWaitSeconds('please try again in 42 minutes.')).toBe(2520);
    expect(retryWaitSeconds('Please retry in 37.5s.')).toBe(38);
    expect(retryWaitSeconds('Rate limit reached. Please try again in 1m30s.')).toBe(90);
    expect(retryWaitSeconds('retry after 20 seconds')).toBe(20);
    expect(retryWaitSeconds('try again in 2 hours')).toBe(7200);
    expect(retryWaitSeconds('Please try again later.')).toBeUndefined();
  });
});
