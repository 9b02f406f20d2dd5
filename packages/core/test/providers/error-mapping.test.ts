import { describe, expect, it } from 'vitest';
import { collectChat } from '../../src/providers/chat-assembly';
import { errorFromFetchFailure, errorFromResponse } from '../../src/providers/error-mapping';
import { ProviderError, providerErrorCodes } from '../../src/providers/errors';
import { errorFixtureBody } from './fixture-streams';
import { bodyFromText, eventsOf } from './stream-helpers';

/** SPEC.md ER*: statuses and real bodies (fixtures/provider-streams/errors) → the closed code set. */

const OPENAI = 'openai-error-bodies-from-issues.txt';
const ANTHROPIC = 'anthropic-error-bodies-from-issues-and-sdk.txt';
const GEMINI = 'gemini-error-bodies-from-issues.txt';

/** The raw body Google sent: the part after "--- decoded raw body ---". */
function geminiRawBody(title: string): string {
  const block = errorFixtureBody(GEMINI, title);
  return block.slice(block.indexOf('--- decoded raw body ---') + '--- decoded raw body ---'.length).trim();
}

describe('ER1 the code set', () => {
  it('ER1 is closed and names every failure the brief lists', () => {
    expect([...providerErrorCodes].sort()).toEqual(
      [
        'aborted',
        'bad_request',
        'content_filter',
        'context_length_exceeded',
        'insufficient_quota',
        'invalid_api_key',
        'not_found',
        'offline',
        'organisation_limit',
        'overloaded',
        'permission_denied',
        'provider_error',
        'rate_limited',
        'server_error',
        'stream_interrupted',
        'timeout',
      ].sort(),
    );
  });

  it('ER1 a ProviderError keeps code, status, provider, message and raw body', () => {
    const body = '{"error":{"message":"nope","type":"invalid_request_error","code":"invalid_api_key"}}';
    const error = errorFromResponse('openai', 401, body);
    expect(error).toBeInstanceOf(ProviderError);
    expect([error.code, error.status, error.provider, error.providerMessage, error.rawBody]).toEqual([
      'invalid_api_key',
      401,
      'openai',
      'nope',
      body,
    ]);
    expect(error.retryable).toBe(false);
    expect(errorFromResponse('openai', 503, '').retryable).toBe(true);
  });
});

describe('ER2 OpenAI bodies', () => {
  const cases: [string, number, string][] = [
    ['401 invalid key (Python repr', 401, 'invalid_api_key'],
    ['401 message as rendered by openai-node', 401, 'invalid_api_key'],
    ['429 insufficient_quota (billing)', 429, 'insufficient_quota'],
    ['429 insufficient_quota, older (2023) variant', 429, 'insufficient_quota'],
    ['429 rate limit (TPM)', 429, 'rate_limited'],
    ['429 rate limit message text', 429, 'rate_limited'],
    ['400 context_length_exceeded (compact JSON)', 400, 'context_length_exceeded'],
    ['400 context_length_exceeded, 128k model', 400, 'context_length_exceeded'],
    ['400 variant when max_tokens is included', 400, 'context_length_exceeded'],
  ];
  for (const [title, status, code] of cases) {
    it(`ER2 ${title} → ${code}`, () => {
      expect(errorFromResponse('openai', status, errorFixtureBody(OPENAI, title)).code).toBe(code);
    });
  }

  it('ER2 the provider message is kept from the JSON body', () => {
    const error = errorFromResponse(
      'openai',
      429,
      errorFixtureBody(OPENAI, '429 insufficient_quota (billing)'),
    );
    expect(error.providerMessage).toMatch(/^You exceeded your current quota/);
  });

  it('ER2 404 model_not_found, 500 and 503', () => {
    const notFound =
      '{"error":{"message":"The model `gpt-5x` does not exist","type":"invalid_request_error","code":"model_not_found"}}';
    expect(errorFromResponse('openai', 404, notFound).code).toBe('not_found');
    expect(
      errorFromResponse(
        'openai',
        500,
        '{"error":{"message":"The server had an error","type":"server_error"}}',
      ).code,
    ).toBe('server_error');
    expect(
      errorFromResponse('openai', 503, '{"error":{"message":"The engine is currently overloaded"}}').code,
    ).toBe('overloaded');
  });
});

describe('ER3 Anthropic bodies', () => {
  const cases: [string, number, string][] = [
    ['400 context too long', 400, 'context_length_exceeded'],
    ['400 max_tokens too large', 400, 'bad_request'],
    ['400 thinking budget', 400, 'bad_request'],
    ['400 invalid_request_error, pretty-printed', 400, 'bad_request'],
    ['401 invalid key', 401, 'invalid_api_key'],
    ['429 rate limit (input TPM)', 429, 'rate_limited'],
    ['429 rate limit, newer wording', 429, 'rate_limited'],
    ["429 via Anthropic's OpenAI-compatible endpoint", 429, 'rate_limited'],
    ['529 overloaded', 529, 'overloaded'],
  ];
  for (const [title, status, code] of cases) {
    it(`ER3 ${title} → ${code}`, () => {
      expect(errorFromResponse('anthropic', status, errorFixtureBody(ANTHROPIC, title)).code).toBe(code);
    });
  }

  it('ER3 403, 404, 413, 500 by their error types', () => {
    const body = (type: string, message: string) =>
      JSON.stringify({ type: 'error', error: { type, message } });
    expect(errorFromResponse('anthropic', 403, body('permission_error', 'no access')).code).toBe(
      'permission_denied',
    );
    expect(errorFromResponse('anthropic', 404, body('not_found_error', 'model: claude-9')).code).toBe(
      'not_found',
    );
    expect(
      errorFromResponse('anthropic', 413, body('request_too_large', 'Request exceeds the maximum size')).code,
    ).toBe('context_length_exceeded');
    expect(errorFromResponse('anthropic', 500, body('api_error', 'Internal server error')).code).toBe(
      'server_error',
    );
    expect(
      errorFromResponse(
        'anthropic',
        400,
        body('invalid_request_error', 'Your credit balance is too low to access the Anthropic API.'),
      ).code,
    ).toBe('insufficient_quota');
  });
});

describe('ER4 Gemini bodies', () => {
  it('ER4 400 API_KEY_INVALID is an invalid key, not a bad request', () => {
    const error = errorFromResponse(
      'gemini',
      400,
      geminiRawBody('source: https://github.com/continuedev/continue/issues/10290'),
    );
    expect([error.code, error.providerMessage]).toEqual([
      'invalid_api_key',
      'API key not valid. Please pass a valid API key.',
    ]);
  });

  it('ER4 the client wrapper that nests the raw body in error.message is unwrapped', () => {
    const block = errorFixtureBody(GEMINI, 'source: https://github.com/continuedev/continue/issues/10290');
    const wrapper = block.split('\n').find((line) => line.startsWith('{"error"')) ?? '';
    expect(errorFromResponse('gemini', 400, wrapper).code).toBe('invalid_api_key');
  });

  it('ER4 503 UNAVAILABLE high demand is overloaded', () => {
    expect(
      errorFromResponse(
        'gemini',
        503,
        geminiRawBody('source: https://github.com/continuedev/continue/issues/10639'),
      ).code,
    ).toBe('overloaded');
  });

  it('ER4 400 "exceeds the maximum number of tokens" is a context overflow', () => {
    expect(
      errorFromResponse(
        'gemini',
        400,
        geminiRawBody('source: https://github.com/google-gemini/gemini-cli/issues/4231'),
      ).code,
    ).toBe('context_length_exceeded');
  });

  it('ER4 429 RESOURCE_EXHAUSTED (both variants) is rate limited', () => {
    for (const title of [
      'source: https://github.com/google-gemini/gemini-cli/issues/14811',
      'source: https://github.com/gke-labs/gemini-for-kubernetes-development/issues/1215',
    ]) {
      expect(errorFromResponse('gemini', 429, geminiRawBody(title)).code).toBe('rate_limited');
    }
  });

  it('ER4 403 PERMISSION_DENIED, 404 NOT_FOUND and 500 INTERNAL', () => {
    const body = (code: number, status: string) =>
      JSON.stringify({ error: { code, message: 'x', status } }, null, 2);
    expect(errorFromResponse('gemini', 403, body(403, 'PERMISSION_DENIED')).code).toBe('permission_denied');
    expect(errorFromResponse('gemini', 404, body(404, 'NOT_FOUND')).code).toBe('not_found');
    expect(errorFromResponse('gemini', 500, body(500, 'INTERNAL')).code).toBe('server_error');
  });
});

describe('ER5 OpenRouter bodies', () => {
  it('ER5 402 insufficient credits', () => {
    const body =
      '{"error":{"code":402,"message":"Insufficient credits. Add more using https://openrouter.ai/credits"}}';
    expect(errorFromResponse('openrouter', 402, body).code).toBe('insufficient_quota');
  });

  it('ER5 401 no auth credentials', () => {
    expect(
      errorFromResponse('openrouter', 401, '{"error":{"message":"No auth credentials found","code":401}}')
        .code,
    ).toBe('invalid_api_key');
  });
});

describe('ER6 statuses without a useful body', () => {
  const cases: [number, string][] = [
    [400, 'bad_request'],
    [401, 'invalid_api_key'],
    [402, 'insufficient_quota'],
    [403, 'permission_denied'],
    [404, 'not_found'],
    [408, 'timeout'],
    [413, 'context_length_exceeded'],
    [429, 'rate_limited'],
    [500, 'server_error'],
    [502, 'server_error'],
    [503, 'overloaded'],
    [529, 'overloaded'],
    [418, 'provider_error'],
  ];
  for (const [status, code] of cases) {
    it(`ER6 ${status} with an HTML body → ${code}`, () => {
      const error = errorFromResponse('custom', status, '<html><body>Bad Gateway</body></html>');
      expect([error.code, error.status]).toEqual([code, status]);
    });
  }
});

describe('ER7 gateways wrapping the error in an array', () => {
  it('ER7 [{"error":…}] is read like {"error":…}', () => {
    const body = JSON.stringify([
      { error: { code: 429, message: 'Quota exceeded', status: 'RESOURCE_EXHAUSTED' } },
    ]);
    expect(errorFromResponse('gemini', 429, body).code).toBe('rate_limited');
    expect(
      errorFromResponse(
        'gemini',
        400,
        JSON.stringify([{ error: { code: 400, message: 'API key not valid.', status: 'INVALID_ARGUMENT' } }]),
      ).code,
    ).toBe('invalid_api_key');
  });
});

describe('ER8 bodies that are not plain JSON', () => {
  it('ER8 JSON after a prefix keeps the provider message', () => {
    const error = errorFromResponse('anthropic', 401, errorFixtureBody(ANTHROPIC, '401 invalid key'));
    expect([error.code, error.providerMessage]).toEqual(['invalid_api_key', 'invalid x-api-key']);
  });

  it('ER8 known names inside a Python repr decide the code over the status', () => {
    const body = errorFixtureBody(OPENAI, '429 rate limit (TPM)');
    expect(() => JSON.parse(body)).toThrow();
    expect(errorFromResponse('openai', 400, body).code).toBe('rate_limited');
  });
});

describe('ER9 errors in the middle of a stream, with the real bodies', () => {
  it('ER9 Anthropic event: error as the official SDK test sends it', async () => {
    const body = `${errorFixtureBody(ANTHROPIC, 'MID-STREAM error event as used by the official TS SDK test')}\n\n`;
    const s = await collectChat(await eventsOf(bodyFromText(body), 'claude'));
    expect([s.error?.code, s.error?.status]).toEqual(['overloaded', undefined]);
  });

  it('ER9 Anthropic error with padding before the final brace', async () => {
    const quoted = errorFixtureBody(ANTHROPIC, 'MID-STREAM error event (HTTP 200 already sent)');
    const json = quoted.slice(quoted.indexOf('{'));
    const s = await collectChat(await eventsOf(bodyFromText(`event: error\ndata: ${json}\n\n`), 'claude'));
    expect(s.error?.code).toBe('overloaded');
  });

  it('ER9 Anthropic error pretty-printed over lines without repeated data: prefixes (ST13)', async () => {
    const body = `${errorFixtureBody(ANTHROPIC, 'MID-STREAM error event, pretty-printed')}\n\n`;
    const s = await collectChat(await eventsOf(bodyFromText(body), 'claude'));
    expect([s.error?.code, s.error?.providerMessage]).toEqual(['overloaded', 'Overloaded']);
  });
});

describe('ER10 error bodies sent as text/event-stream', () => {
  it('ER10 an SSE-framed error body on a 4xx is read', () => {
    const body = 'data: {"error":{"message":"Incorrect API key provided","code":"invalid_api_key"}}\n\n';
    expect(errorFromResponse('openai', 401, body).providerMessage).toBe('Incorrect API key provided');
  });
});

describe('ER11 local failures', () => {
  it('ER11 a fetch TypeError is offline; after the response started it is stream_interrupted', () => {
    expect(errorFromFetchFailure('openai', new TypeError('Failed to fetch'), undefined, false).code).toBe(
      'offline',
    );
    expect(errorFromFetchFailure('openai', new TypeError('terminated'), undefined, true).code).toBe(
      'stream_interrupted',
    );
  });

  it('ER11 abort and time-out', () => {
    const abort = new Error('The operation was aborted');
    abort.name = 'AbortError';
    expect(errorFromFetchFailure('openai', abort, undefined, false).code).toBe('aborted');
    expect(errorFromFetchFailure('openai', abort, 'timeout', false).code).toBe('timeout');
    const timeout = new Error('signal timed out');
    timeout.name = 'TimeoutError';
    expect(errorFromFetchFailure('gemini', timeout, undefined, false).code).toBe('timeout');
  });
});
