import { describe, expect, it } from 'vitest';
import { errorFromResponse } from '../../src/providers/error-mapping';

/** SPEC.md ER16: OpenRouter's upstream cause (metadata.raw, provider_name) in the message and its code. */

describe("ER16 OpenRouter's upstream cause", () => {
  const openrouter = (
    status: number,
    metadata: Record<string, unknown>,
    message = 'Provider returned error',
  ) => JSON.stringify({ error: { message, code: status, metadata } });

  it('ER16 a JSON string in metadata.raw gives the upstream message and provider', () => {
    const raw = JSON.stringify({
      error: {
        message: 'The model `gpt-9` does not exist',
        type: 'invalid_request_error',
        code: 'model_not_found',
      },
    });
    const error = errorFromResponse('openrouter', 400, openrouter(400, { raw, provider_name: 'OpenAI' }));
    expect(error.providerMessage).toBe('Provider returned error (OpenAI: The model `gpt-9` does not exist)');
    expect(error.code).toBe('not_found');
  });

  it('ER16 a plain string raw, an object raw and no provider name', () => {
    expect(
      errorFromResponse(
        'openrouter',
        502,
        openrouter(502, { raw: 'upstream timed out', provider_name: null }),
      ).providerMessage,
    ).toBe('Provider returned error (upstream timed out)');
    const objectRaw = { error: { type: 'overloaded_error', message: 'Overloaded' } };
    const error = errorFromResponse(
      'openrouter',
      502,
      openrouter(502, { raw: objectRaw, provider_name: 'Anthropic' }),
    );
    expect([error.code, error.providerMessage]).toEqual([
      'overloaded',
      'Provider returned error (Anthropic: Overloaded)',
    ]);
  });

  it('ER16 the upstream cause decides a context overflow and a rate limit', () => {
    const tooLong = openrouter(400, {
      raw: '{"type":"error","error":{"type":"invalid_request_error","message":"prompt is too long: 210000 tokens > 200000 maximum"}}',
      provider_name: 'Anthropic',
    });
    expect(errorFromResponse('openrouter', 400, tooLong).code).toBe('context_length_exceeded');
    const limited = openrouter(429, {
      raw: 'google/gemini-2.5-pro is temporarily rate-limited upstream. Please retry shortly.',
      provider_name: 'Google AI Studio',
    });
    const error = errorFromResponse('openrouter', 429, limited);
    expect(error.code).toBe('rate_limited');
    expect(error.providerMessage).toMatch(
      /\(Google AI Studio: google\/gemini-2\.5-pro is temporarily rate-limited/,
    );
  });

  it('ER16 a long or HTML cause is bounded and readable', () => {
    const long = errorFromResponse(
      'openrouter',
      502,
      openrouter(502, { raw: 'x'.repeat(5000), provider_name: 'P' }),
    );
    expect(long.providerMessage.length).toBeLessThan(340);
    expect(long.providerMessage.endsWith('…)')).toBe(true);
    const html = errorFromResponse(
      'openrouter',
      502,
      openrouter(502, {
        raw: '<html><head><title>502 Bad Gateway</title></head><body>nginx</body></html>',
        provider_name: 'P',
      }),
    );
    expect(html.providerMessage).toBe('Provider returned error (P: 502 Bad Gateway)');
  });

  it('ER16 a raw equal to the message is not said twice; a provider name alone is added', () => {
    expect(
      errorFromResponse(
        'openrouter',
        500,
        openrouter(500, { raw: 'Internal Server Error' }, 'Internal Server Error'),
      ).providerMessage,
    ).toBe('Internal Server Error');
    expect(
      errorFromResponse(
        'openrouter',
        403,
        openrouter(403, { provider_name: 'OpenAI', reasons: ['harassment'] }, 'Flagged'),
      ).providerMessage,
    ).toBe('Flagged (OpenAI)');
  });
});
