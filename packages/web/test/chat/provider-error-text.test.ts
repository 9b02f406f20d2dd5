import { describe, expect, it } from 'vitest';
import { providerErrorText } from '../../src/features/chat/provider-error-text';
import { createI18n } from '../../src/i18n';

const t = createI18n().t;

describe('provider error texts (spec section 8)', () => {
  it('CE1 offline', () => {
    expect(providerErrorText(t, { code: 'offline', providerMessage: '', provider: 'openai' }).title).toBe(
      'You appear to be offline. Please check your internet connection and try again.',
    );
  });

  it('CE2 unreachable: the provider by name, and what to check (endpoint, server, CORS)', () => {
    const text = providerErrorText(t, {
      code: 'unreachable',
      providerMessage: 'Failed to fetch',
      provider: 'custom',
    });
    expect(text.title).toBe("Could not reach the model's server.");
    expect(text.body).toMatch(/endpoint in Settings.*allow requests from this page \(CORS\)/);
  });

  it('CE3 our own code missing: reload the page, not the provider settings', () => {
    const text = providerErrorText(t, { code: 'app_code_missing', providerMessage: '', provider: 'openai' });
    expect(text.title).toMatch(/^Parley could not load the code.*Reload the page/);
    expect(text.title).not.toContain('OpenAI');
  });

  it('CE1 invalid key and quota: "Invalid API key" with the paid-account explanation', () => {
    for (const code of ['invalid_api_key', 'insufficient_quota']) {
      const text = providerErrorText(t, { code, providerMessage: 'x', provider: 'anthropic' });
      expect(text.title).toBe('Invalid API key');
      expect(text.body).toMatch(
        /Your Anthropic API key is not working\..*paid account with billing set up and credits available/,
      );
    }
  });

  it('CE1 context overflow: the maximum context length message and what to do', () => {
    const text = providerErrorText(t, {
      code: 'context_length_exceeded',
      providerMessage: 'x',
      provider: 'gemini',
    });
    expect(text.title).toBe('You have reached the maximum context length of the conversation.');
    expect(text.body).toContain('continue in a new chat');
  });

  it('CE1 other API errors show the provider message after the spec prefix', () => {
    const text = providerErrorText(t, {
      code: 'rate_limited',
      providerMessage: 'Slow down',
      provider: 'openai',
    });
    expect(text).toEqual({ kind: 'api', title: 'Unable to use the API. Error message:', body: 'Slow down' });
    expect(
      providerErrorText(t, { code: 'bad_request', providerMessage: ' ', provider: 'openai' }).title,
    ).toBe('Unable to use the API. Check console logs and network requests for more information.');
  });

  it('CE1 slow provider and connection failures name the provider', () => {
    expect(providerErrorText(t, { code: 'timeout', providerMessage: '', provider: 'openrouter' }).title).toBe(
      'OpenRouter is slow or unresponsive right now. Please wait a moment and try again.',
    );
    expect(
      providerErrorText(t, { code: 'stream_interrupted', providerMessage: '', provider: 'gemini' }).title,
    ).toBe('The connection to Gemini failed before the answer was complete. Please try again.');
  });
});
