import type {
  BuiltRequest,
  ChatMessageInput,
  ChatRequest,
  ChatSettings,
  ToolDefinition,
} from './chat-request';

/**
 * PR28: a chat with a model the organisation offers on its Parley server (issue #37) goes to the
 * server's relay, not to the provider: the browser holds no key. The body is provider-neutral (the
 * server builds the provider's request from it with the same builders, decision 0116) and the
 * answer comes back in the provider's own wire format, read by the model's dialect as usual.
 */
export interface HostedRelayBody {
  /** The organisation's model id (`HostedModel.id`), not the provider's. */
  modelId: string;
  messages: readonly ChatMessageInput[];
  settings: ChatSettings;
  tools?: readonly ToolDefinition[] | undefined;
}

/**
 * The relay call for `request`: JSON to `request.relay.url`, the session cookie sent along, and the
 * relay's own headers (a session kept as a bearer token where the cookie cannot be).
 */
export function buildRelayRequest(
  request: ChatRequest & { relay: NonNullable<ChatRequest['relay']> },
): BuiltRequest {
  const body: HostedRelayBody = {
    modelId: request.relay.modelId ?? request.model.id,
    messages: request.messages,
    settings: request.settings,
    ...(request.tools?.length ? { tools: request.tools } : {}),
  };
  return {
    url: request.relay.url,
    init: {
      method: 'POST',
      headers: { ...request.relay.headers, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      credentials: 'include',
    },
  };
}
