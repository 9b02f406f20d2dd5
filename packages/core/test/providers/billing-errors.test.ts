import { describe, expect, it } from 'vitest';
import { collectChat } from '../../src/providers/chat-assembly';
import { errorFromResponse } from '../../src/providers/error-mapping';
import { errorFixtureBody } from './fixture-streams';
import { bodyFromText, eventsOf } from './stream-helpers';

/**
 * SPEC.md ER12: an account that cannot pay is `insufficient_quota` (not retryable), never a rate
 * limit or an invalid key; an ordinary rate limit stays `rate_limited`.
 */

const openai = (type: string, code: string | null, message: string) =>
  JSON.stringify({ error: { message, type, param: null, code } });

describe('ER12 billing and quota', () => {
  it('ER12 OpenAI 429 insufficient_quota (recorded body) is a quota error, not a rate limit', () => {
    const body = errorFixtureBody('openai-error-bodies-from-issues.txt', '429 insufficient_quota');
    const error = errorFromResponse('openai', 429, body);
    expect(error.code).toBe('insufficient_quota');
    expect(error.retryable).toBe(false);
    expect(error.providerMessage).toMatch(/exceeded your current quota/);
  });

  it('ER12 OpenAI billing codes decide even when the type says something else', () => {
    for (const code of [
      'credit_balance_exhausted',
      'organization_spend_limit_exceeded',
      'project_spend_limit_exceeded',
      'organization_usage_limit_exceeded',
    ]) {
      const body = openai('insufficient_quota', code, 'You exceeded your current quota.');
      expect(errorFromResponse('openai', 429, body).code).toBe('insufficient_quota');
      expect(errorFromResponse('openai', 429, openai('requests', code, 'Quota')).code).toBe(
        'insufficient_quota',
      );
    }
  });

  it('ER12 an ordinary OpenAI 429 stays a rate limit, retryable', () => {
    const body = openai('tokens', 'rate_limit_exceeded', 'Rate limit reached for gpt-4o on tokens per min');
    const error = errorFromResponse('openai', 429, body);
    expect(error.code).toBe('rate_limited');
    expect(error.retryable).toBe(true);
  });

  it('ER12 OpenRouter 402 out of credits, with its numeric code', () => {
    const body = JSON.stringify({
      error: {
        message:
          'This request requires more credits, or fewer max_tokens. You requested up to 4096 tokens, but can only afford 1234.',
        code: 402,
        metadata: { provider_name: null },
      },
    });
    expect(errorFromResponse('openrouter', 402, body).code).toBe('insufficient_quota');
  });

  it('ER12 an OpenRouter credits error inside a 200 stream is a quota error too', async () => {
    const chunk = {
      id: 'gen-1',
      choices: [{ index: 0, delta: { content: '' }, finish_reason: 'error' }],
      error: { code: 402, message: 'This request requires more credits, or fewer max_tokens.' },
    };
    const s = await collectChat(
      await eventsOf(
        bodyFromText(`data: ${JSON.stringify(chunk)}\n\ndata: [DONE]\n\n`),
        'openai',
        'openrouter',
      ),
    );
    expect(s.error?.code).toBe('insufficient_quota');
  });

  it('ER12 Anthropic: billing_error, a spent limit in the details of a 429, and the 400 spend limit', () => {
    const anthropic = (type: string, message: string, details?: unknown) =>
      JSON.stringify({ type: 'error', error: { type, message, ...(details ? { details } : {}) } });
    expect(
      errorFromResponse('anthropic', 402, anthropic('billing_error', 'Your credit balance is too low')).code,
    ).toBe('insufficient_quota');
    const spent = anthropic('rate_limit_error', 'You have reached your specified API usage limits.', {
      error_code: 'enforced_spend_limit_reached',
    });
    expect(errorFromResponse('anthropic', 429, spent).code).toBe('insufficient_quota');
    const workspace = anthropic(
      'invalid_request_error',
      'You have reached your specified workspace API usage limits. You will regain access on 2026-12-01 at 00:00 UTC.',
    );
    expect(errorFromResponse('anthropic', 400, workspace).code).toBe('insufficient_quota');
    // Without those details a 429 is the rate limit it says it is.
    expect(errorFromResponse('anthropic', 429, anthropic('rate_limit_error', 'Too many tokens')).code).toBe(
      'rate_limited',
    );
  });

  it('ER12 Gemini RESOURCE_EXHAUSTED stays a rate limit (Google documents it as retryable)', () => {
    const body = JSON.stringify({
      error: {
        code: 429,
        message: 'You exceeded your current quota, please check your plan and billing details.',
        status: 'RESOURCE_EXHAUSTED',
      },
    });
    expect(errorFromResponse('gemini', 429, body).code).toBe('rate_limited');
  });
});
