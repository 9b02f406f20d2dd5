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

  it('PR29 the organisation’s limit names the organisation, never the provider, with the server’s words', () => {
    const said = 'You have used the 5 tokens a day you may use; the limit resets at 00:00 UTC.';
    const text = providerErrorText(t, {
      code: 'organisation_limit',
      providerMessage: said,
      provider: 'openai',
    });
    expect(text.title).toBe("Your organisation's limit for this model is reached.");
    expect(text.body).toBe(said);
    expect(`${text.title} ${text.body}`).not.toContain('OpenAI');
  });

  it('CE1 invalid key: "Invalid API key" with the paid-account explanation', () => {
    for (const code of ['invalid_api_key', 'permission_denied']) {
      const text = providerErrorText(t, { code, providerMessage: 'x', provider: 'anthropic' });
      expect(text.title).toBe('Invalid API key');
      expect(text.body).toMatch(
        /Your Anthropic API key is not working\..*paid account with billing set up and credits available/,
      );
    }
  });

  it('CE1 quota and credits: never "Invalid API key"; the key works, the account needs billing or credits', () => {
    const text = providerErrorText(t, {
      code: 'insufficient_quota',
      providerMessage: 'This request requires more credits, or fewer max_tokens.',
      provider: 'openrouter',
    });
    expect(text.kind).toBe('billing');
    expect(text.title).toBe('Your OpenRouter account needs billing or credits');
    expect(text.title).not.toMatch(/invalid/i);
    expect(text.body).toMatch(
      /Your OpenRouter API key was accepted, but it is not working for requests: its account needs a paid plan with billing set up and credits available\./,
    );
    expect(text.detail).toBe('OpenRouter said: This request requires more credits, or fewer max_tokens.');
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
      code: 'bad_request',
      providerMessage: 'Slow down',
      provider: 'openai',
    });
    expect(text).toEqual({ kind: 'api', title: 'Unable to use the API. Error message:', body: 'Slow down' });
    expect(
      providerErrorText(t, { code: 'bad_request', providerMessage: ' ', provider: 'openai' }).title,
    ).toBe('Unable to use the API. Check console logs and network requests for more information.');
  });

  it('CE1 a slow provider names it', () => {
    expect(providerErrorText(t, { code: 'timeout', providerMessage: '', provider: 'openrouter' }).title).toBe(
      'OpenRouter is slow or unresponsive right now. Please wait a moment and try again.',
    );
  });

  it('CE1 a 500, an overload and a cut stream each say what happened, never "the connection failed"', () => {
    const server = providerErrorText(t, {
      code: 'server_error',
      providerMessage: 'The server had an error while processing your request. Sorry about that!',
      provider: 'openai',
    });
    expect(server.title).toBe('OpenAI had an error on its side and could not finish the answer.');
    expect(server.body).toMatch(/not about your key or your message.*Retry to ask again\.$/);
    expect(server.detail).toBe(
      'OpenAI said: The server had an error while processing your request. Sorry about that!',
    );
    const overloaded = providerErrorText(t, {
      code: 'overloaded',
      providerMessage: 'Overloaded',
      provider: 'anthropic',
    });
    expect(overloaded.title).toBe('Anthropic is overloaded right now.');
    // "Overloaded" alone repeats the title: no detail line.
    expect(overloaded.detail).toBeUndefined();
    const cut = providerErrorText(t, { code: 'stream_interrupted', providerMessage: '', provider: 'gemini' });
    expect(cut.title).toBe('The answer from Gemini stopped before it was complete: the stream was cut off.');
    for (const text of [server, overloaded, cut]) expect(text.title).not.toMatch(/connection/i);
  });

  it('CE4 a failure that cut an answer with text says to Continue it or Retry', () => {
    const failure = { code: 'stream_interrupted', providerMessage: '', provider: 'openai' as const };
    expect(providerErrorText(t, failure, { partial: true }).body).toMatch(
      /Continue to finish the answer from where it stopped, or Retry to ask again\.$/,
    );
    expect(providerErrorText(t, failure).body).toMatch(/Retry to ask again\.$/);
    expect(providerErrorText(t, failure).body).not.toMatch(/Continue/);
  });

  it('ER17 a rate limit explains itself, shows the server’s words and the wait it names, and says Retry', () => {
    const text = providerErrorText(t, {
      code: 'rate_limited',
      providerMessage: 'Daily quota of 100000 tokens exceeded, please try again in 42 minutes.',
      provider: 'custom',
    });
    expect(text.kind).toBe('rate_limited');
    expect(text.title).toBe("The model's server is limiting your requests right now.");
    expect(text.body).toBe(
      'Your account reached a limit; it asks you to wait 42 minutes. Retry to ask again.',
    );
    expect(text.detail).toBe(
      "the model's server said: Daily quota of 100000 tokens exceeded, please try again in 42 minutes.",
    );
    const plain = providerErrorText(t, {
      code: 'rate_limited',
      providerMessage: 'Rate limit reached',
      provider: 'openai',
    });
    expect(plain.title).toBe('OpenAI is limiting your requests right now.');
    expect(plain.body).toMatch(/^Your account sent more requests or tokens than its limit allows/);
  });
});
