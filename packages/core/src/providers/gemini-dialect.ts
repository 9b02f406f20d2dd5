import { errorFromResponse } from './error-mapping';
import { buildGeminiRequest } from './gemini-request';
import { GeminiStreamDecoder } from './gemini-stream';
import type { ProviderDialect } from './provider-dialect';

/** Gemini generateContent / streamGenerateContent (PR17–PR21). */
export const geminiDialect: ProviderDialect = {
  buildRequest: buildGeminiRequest,
  decoder: (out, provider) => new GeminiStreamDecoder(out, provider),
  defaultEndpoint: 'https://generativelanguage.googleapis.com/v1beta',
  mapError: errorFromResponse,
};
