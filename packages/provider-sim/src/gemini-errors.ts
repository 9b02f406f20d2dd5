// Gemini (Google AI Studio) error bodies, from real responses (fixtures/provider-streams/errors/
// gemini-error-bodies-from-issues.txt): {"error":{code,message,status,details?}}, pretty-printed with a
// two-space indent and a trailing newline, as Google sends them.
import type { HttpAnswer } from './http-io';

type Json = Record<string, unknown>;

export function googleError(code: number, message: string, status: string, details?: Json[]): HttpAnswer {
  const error = { code, message, status, ...(details ? { details } : {}) };
  return {
    status: code,
    body: `${JSON.stringify({ error }, null, 2)}\n`,
    contentType: 'application/json; charset=UTF-8',
  };
}

export const geminiMissingKey = (): HttpAnswer =>
  googleError(
    403,
    "Method doesn't allow unregistered callers (callers without established identity). Please use API Key or other form of API consumer identity to call this API.",
    'PERMISSION_DENIED',
  );

const INVALID_KEY_MESSAGE = 'API key not valid. Please pass a valid API key.';

/** Google answers a wrong key with 400, not 401. */
export const geminiInvalidKey = (): HttpAnswer =>
  googleError(400, INVALID_KEY_MESSAGE, 'INVALID_ARGUMENT', [
    {
      '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
      reason: 'API_KEY_INVALID',
      domain: 'googleapis.com',
      metadata: { service: 'generativelanguage.googleapis.com' },
    },
    {
      '@type': 'type.googleapis.com/google.rpc.LocalizedMessage',
      locale: 'en-US',
      message: INVALID_KEY_MESSAGE,
    },
  ]);

export const geminiBadRequest = (message: string): HttpAnswer =>
  googleError(400, message, 'INVALID_ARGUMENT');

export const geminiContextOverflow = (promptTokens: number, limitTokens: number): HttpAnswer =>
  geminiBadRequest(
    `The input token count (${promptTokens}) exceeds the maximum number of tokens allowed (${limitTokens}).`,
  );

export function geminiErrorFor(status: number, variant: string | null, model: string): HttpAnswer {
  switch (status) {
    case 400: {
      const message =
        'Invalid JSON payload received. Unknown name "sim_unknown_argument": Cannot find field.';
      return googleError(400, message, 'INVALID_ARGUMENT', [
        { '@type': 'type.googleapis.com/google.rpc.BadRequest', fieldViolations: [{ description: message }] },
      ]);
    }
    case 401:
      return googleError(
        401,
        'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.',
        'UNAUTHENTICATED',
      );
    case 402:
      return googleError(402, 'Billing is not enabled for this project.', 'FAILED_PRECONDITION');
    case 403:
      return googleError(403, 'The caller does not have permission', 'PERMISSION_DENIED');
    case 404:
      return googleError(
        404,
        `models/${model} is not found for API version v1beta, or is not supported for generateContent. Call ListModels to see the list of available models and their supported methods.`,
        'NOT_FOUND',
      );
    case 413:
      return googleError(413, 'Request payload size exceeds the limit: 20971520 bytes.', 'INVALID_ARGUMENT');
    case 429:
      if (variant === 'quota') {
        return googleError(
          429,
          'You exceeded your current quota, please check your plan and billing details. For more information on this error, head to: https://ai.google.dev/gemini-api/docs/rate-limits. To monitor your current usage, head to: https://ai.dev/rate-limit. ',
          'RESOURCE_EXHAUSTED',
          [
            {
              '@type': 'type.googleapis.com/google.rpc.Help',
              links: [
                {
                  description: 'Learn more about Gemini API quotas',
                  url: 'https://ai.google.dev/gemini-api/docs/rate-limits',
                },
              ],
            },
          ],
        );
      }
      return googleError(429, 'Resource has been exhausted (e.g. check quota).', 'RESOURCE_EXHAUSTED');
    case 500:
      return googleError(
        500,
        'An internal error has occurred. Please retry or report in https://developers.generativeai.google/guide/troubleshooting',
        'INTERNAL',
      );
    case 503:
      return googleError(
        503,
        'This model is currently experiencing high demand. Spikes in demand are usually temporary. Please try again later.',
        'UNAVAILABLE',
      );
    default:
      return googleError(status, 'The model is overloaded. Please try again later.', 'UNAVAILABLE');
  }
}
