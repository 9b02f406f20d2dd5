import { errorFromResponse } from './error-mapping';
import { buildGeminiRequest } from './gemini-request';
import { GeminiStreamDecoder } from './gemini-stream';
import type { ProviderDialect } from './provider-dialect';
import { GEMINI_ENDPOINT } from './provider-endpoints';

/** Gemini generateContent / streamGenerateContent (PR17–PR21). */
export const geminiDialect: ProviderDialect = {
  buildRequest: buildGeminiRequest,
  decoder: (out, provider) => new GeminiStreamDecoder(out, provider),
  defaultEndpoint: GEMINI_ENDPOINT,
  mapError: errorFromResponse,
};
