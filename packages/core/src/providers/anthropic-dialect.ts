import { buildAnthropicRequest } from './anthropic-request';
import { AnthropicStreamDecoder } from './anthropic-stream';
import { errorFromResponse } from './error-mapping';
import type { ProviderDialect } from './provider-dialect';

/** Anthropic Messages API (PR10–PR16). */
export const anthropicDialect: ProviderDialect = {
  buildRequest: buildAnthropicRequest,
  decoder: (out, provider) => new AnthropicStreamDecoder(out, provider),
  defaultEndpoint: 'https://api.anthropic.com/v1',
  mapError: errorFromResponse,
};
