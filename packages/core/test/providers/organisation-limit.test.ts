import { describe, expect, it } from 'vitest';
import { canContinueAfter, chatErrorKind } from '../../src/chat/chat-error';
import { errorFromResponse } from '../../src/providers/error-mapping';

describe('PR29 the organisation relay’s own limit', () => {
  const message = 'You have used the 5 tokens a day you may use; the limit resets at 00:00 UTC.';
  const relayBody = JSON.stringify({
    error: { code: 'rate_limited:hosted', message },
    userMessage: message,
  });

  it('PR29 a relay 429 with rate_limited:hosted is organisation_limit, with the server’s words', () => {
    const error = errorFromResponse('openai', 429, relayBody);
    expect(error.code).toBe('organisation_limit');
    expect(error.providerMessage).toBe(message);
    expect(chatErrorKind(error.code)).toBe('organisation_limit');
    // Asking again at once does not help: no Continue.
    expect(canContinueAfter(error.code)).toBe(false);
  });

  it('PR29 a provider’s own 429 stays rate_limited', () => {
    const body = JSON.stringify({
      error: { message: 'Rate limit reached', type: 'requests', code: 'rate_limit_exceeded' },
    });
    expect(errorFromResponse('openai', 429, body).code).toBe('rate_limited');
  });
});
