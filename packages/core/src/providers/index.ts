/**
 * `@parley/core/providers`: provider-neutral chat calls over an injected fetch. Build a request,
 * stream it as ChatEvents, fold the events into a message. Rules: ./SPEC.md.
 */
export type {
  ChatRequest,
  ChatMessageInput,
  ChatSettings,
  MessagePart,
  TextPart,
  TextFilePart,
  ImageUrlPart,
  ToolCallInput,
  ToolDefinition,
  BuiltRequest,
} from './chat-request';
export type { ChatEvent, ChatEventType, FinishReason, TokenUsage } from './chat-event';
export { finishReasons } from './chat-event';
export { ProviderError, providerErrorCodes, isProviderError } from './errors';
export type { ProviderErrorCode, ProviderErrorInit } from './errors';
export { errorFromResponse, errorFromStreamPayload, errorFromFetchFailure } from './error-mapping';
export { retryWaitSeconds } from './error-classify';
export { buildRequest } from './build-request';
export { buildRelayRequest } from './relay-request';
export type { HostedRelayBody } from './relay-request';
export { providerDialects, dialectOf } from './provider-registry';
export type { ProviderDialect } from './provider-dialect';
export {
  defaultEndpoint,
  defaultEndpoints,
  OPENAI_ENDPOINT,
  OPENROUTER_ENDPOINT,
  SETAPP_COMPLETIONS_PATH,
} from './provider-endpoints';
export { ANTHROPIC_VERSION, ANTHROPIC_DEFAULT_MAX_TOKENS } from './anthropic-request';
export { CONVERSATION_START_TEXT, renderTextFile } from './message-content';
export { streamChat } from './stream-chat';
export type { StreamChatOptions } from './stream-chat';
export { normaliseStream, normaliseJsonBody } from './stream-normaliser';
export type { NormaliseOptions } from './stream-normaliser';
export { collectChat, applyChatEvent, emptyChatAssembly } from './chat-assembly';
export type { ChatAssembly, AssembledToolCall } from './chat-assembly';
export { fetchWithTimeout, FetchTimeoutError, DEFAULT_FETCH_TIMEOUT_MS } from './fetch-with-timeout';
