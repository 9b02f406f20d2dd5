// Anthropic Messages API error bodies, from real responses (fixtures/provider-streams/errors/
// anthropic-error-bodies-from-issues-and-sdk.txt): {"type":"error","error":{type,message},"request_id"}.
import type { HttpAnswer } from './http-io';
import { jsonAnswer } from './http-io';

function anthropicAnswer(
  status: number,
  type: string,
  message: string,
  headers?: Record<string, string>,
  details?: Record<string, unknown>,
): HttpAnswer {
  const requestId = 'req_011Sim5KQfXzAnthropicSim0';
  return jsonAnswer(
    status,
    { type: 'error', error: { type, message, ...(details ? { details } : {}) }, request_id: requestId },
    { 'request-id': requestId, ...headers },
  );
}

// The 401 bodies are the older captures without request_id, exactly as clients have logged them.
export const anthropicMissingKey = (): HttpAnswer =>
  jsonAnswer(401, {
    type: 'error',
    error: { type: 'authentication_error', message: 'x-api-key header is required' },
  });

export const anthropicInvalidKey = (): HttpAnswer =>
  jsonAnswer(401, { type: 'error', error: { type: 'authentication_error', message: 'invalid x-api-key' } });

/** Browser calls (an Origin header) must opt in, or the real API refuses them. */
export const anthropicBrowserNotAllowed = (): HttpAnswer =>
  jsonAnswer(401, {
    type: 'error',
    error: {
      type: 'authentication_error',
      message: "CORS requests must set 'anthropic-dangerous-direct-browser-access' header",
    },
  });

export const anthropicBadRequest = (message: string): HttpAnswer =>
  anthropicAnswer(400, 'invalid_request_error', message);

export const anthropicContextOverflow = (promptTokens: number, limitTokens: number): HttpAnswer =>
  anthropicBadRequest(`prompt is too long: ${promptTokens} tokens > ${limitTokens} maximum`);

export function anthropicErrorFor(status: number, variant: string | null, model: string): HttpAnswer {
  switch (status) {
    case 400:
      return anthropicBadRequest(
        `max_tokens: 21333 > 8192, which is the maximum allowed number of output tokens for ${model}`,
      );
    case 401:
      return anthropicInvalidKey();
    case 402:
      return anthropicAnswer(
        402,
        'billing_error',
        'Your credit balance is too low to access the Anthropic API. Please go to Plans & Billing to upgrade or purchase credits.',
      );
    case 403:
      return anthropicAnswer(
        403,
        'permission_error',
        'Your API key does not have permission to use the specified resource.',
      );
    case 404:
      return anthropicAnswer(404, 'not_found_error', `model: ${model}`);
    case 413:
      return anthropicAnswer(
        413,
        'request_too_large',
        'Request exceeds the maximum allowed number of bytes.',
      );
    case 429:
      if (variant === 'quota') {
        // The usage tier's monthly spend cap: a rate_limit_error told apart only by its details
        // (and by having no retry-after), as Anthropic's errors page documents it.
        return anthropicAnswer(
          429,
          'rate_limit_error',
          'You have reached your specified API usage limits. You will regain access on 2026-12-01 at 00:00 UTC.',
          undefined,
          { error_code: 'enforced_spend_limit_reached' },
        );
      }
      return anthropicAnswer(
        429,
        'rate_limit_error',
        'This request would exceed the rate limit for your organization (d3f27ff7-9afe-4ee2-9645-76ecfc73c2b7) of 40,000 input tokens per minute. For details, refer to: https://docs.anthropic.com/en/api/rate-limits. You can see the response headers for current usage. Please reduce the prompt length or the maximum tokens requested, or try again later. You may also contact sales at https://www.anthropic.com/contact-sales to discuss your options for a rate limit increase.',
        { 'retry-after': '17', 'anthropic-ratelimit-tokens-remaining': '0' },
      );
    case 529:
      return anthropicAnswer(529, 'overloaded_error', 'Overloaded');
    case 503:
      return anthropicAnswer(503, 'api_error', 'Service unavailable');
    default:
      return anthropicAnswer(status, 'api_error', 'Internal server error');
  }
}
