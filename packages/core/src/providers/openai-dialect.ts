import { errorFromResponse } from './error-mapping';
import { buildOpenAIRequest } from './openai-request';
import { OpenAIStreamDecoder } from './openai-stream';
import type { ProviderDialect } from './provider-dialect';

/** OpenAI Chat Completions (PR5–PR9): OpenAI itself, OpenRouter and compatible servers. */
export const openAIDialect: ProviderDialect = {
  buildRequest: (request, base) => buildOpenAIRequest(request, base, '/chat/completions'),
  decoder: (out, provider) => new OpenAIStreamDecoder(out, provider),
  defaultEndpoint: 'https://api.openai.com/v1',
  mapError: errorFromResponse,
};

/** OpenRouter hosts the OpenAI dialect at its own base URL (PR9 adds its attribution headers). */
export const OPENROUTER_ENDPOINT = 'https://openrouter.ai/api/v1';

/** PR22: Setapp-hosted models speak the OpenAI contract at this path of the hosting app. */
export const SETAPP_COMPLETIONS_PATH = '/api/hosted/tm_completions';

/** PR22: the OpenAI contract at the hosting app's origin, which the model carries. */
export const setappDialect: ProviderDialect = {
  ...openAIDialect,
  buildRequest: (request, base) => buildOpenAIRequest(request, base, SETAPP_COMPLETIONS_PATH),
  defaultEndpoint: '',
};
