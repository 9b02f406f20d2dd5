import { buildAnthropicRequest } from './anthropic-request';
import { AnthropicStreamDecoder } from './anthropic-stream';
import { errorFromResponse } from './error-mapping';
import type { ProviderDialect } from './provider-dialect';
import { ANTHROPIC_ENDPOINT } from './provider-endpoints';

/** Anthropic Messages API (PR10–PR16). */
export const anthropicDialect: ProviderDialect = {
  buildRequest: buildAnthropicRequest,
  decoder: (out, provider) => new AnthropicStreamDecoder(out, provider),
  defaultEndpoint: ANTHROPIC_ENDPOINT,
  mapError: errorFromResponse,
};
