import { errorFromResponse } from './error-mapping';
import { buildOpenAIRequest } from './openai-request';
import { OpenAIStreamDecoder } from './openai-stream';
import type { ProviderDialect } from './provider-dialect';
import { OPENAI_ENDPOINT, SETAPP_COMPLETIONS_PATH } from './provider-endpoints';

/** OpenAI Chat Completions (PR5–PR9): OpenAI itself, OpenRouter and compatible servers. */
export const openAIDialect: ProviderDialect = {
  buildRequest: (request, base) => buildOpenAIRequest(request, base, '/chat/completions'),
  decoder: (out, provider) => new OpenAIStreamDecoder(out, provider),
  defaultEndpoint: OPENAI_ENDPOINT,
  mapError: errorFromResponse,
};

/** PR22: the OpenAI contract at the hosting app's origin, which the model carries. */
export const setappDialect: ProviderDialect = {
  ...openAIDialect,
  buildRequest: (request, base) => buildOpenAIRequest(request, base, SETAPP_COMPLETIONS_PATH),
  defaultEndpoint: '',
};
