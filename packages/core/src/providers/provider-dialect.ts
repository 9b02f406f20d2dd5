import type { ProviderId } from '../models';
import type { ChatEvent } from './chat-event';
import type { ChatRequest } from './chat-request';
import type { ProviderError } from './errors';
import type { RequestParts } from './request-parts';
import type { StreamDecoder } from './stream-decoder';

/**
 * Everything that differs between wire formats (a model's `apiType`), in one object per format.
 * The registry (provider-registry.ts) holds one per apiType; the rest of the package only asks it.
 */
export interface ProviderDialect {
  /**
   * The request at `base` (the endpoint, no trailing slash), before the custom-model overrides
   * (PR3) are applied and the body is serialised. System folding (PR2) has already happened.
   */
  buildRequest(request: ChatRequest, base: string): RequestParts;
  /** A decoder of this format's responses: streamed events and whole JSON bodies alike (ST*). */
  decoder(out: ChatEvent[], provider: ProviderId): StreamDecoder;
  /** The vendor's own base URL; '' when a model of this format carries its own (Setapp, PR22). */
  defaultEndpoint: string;
  /** A non-2xx response as a ProviderError (ER2–ER10); `provider` is who served it. */
  mapError(provider: ProviderId, status: number, bodyText: string): ProviderError;
}
