import type { ModelDescriptor, ReasoningEffort, Verbosity } from '../models';

/** Provider-neutral input of one chat call; the request builders turn it into a provider's wire format. */

export interface TextPart {
  type: 'text';
  text: string;
}

/** An uploaded text document; sent to the model as text headed by its file name (PR4). */
export interface TextFilePart {
  type: 'tm_text_file';
  text: string;
  metadata: { name: string };
}

/** An image by URL: `https://…` or a `data:<mime>;base64,…` URL. */
export interface ImageUrlPart {
  type: 'image_url';
  image_url: { url: string };
}

export type MessagePart = TextPart | TextFilePart | ImageUrlPart;

/** One parallel tool call made by the assistant; `arguments` is a JSON string. */
export interface ToolCallInput {
  id: string;
  name: string;
  arguments: string;
  /** Provider signature to send back with the call (Gemini `thoughtSignature`). */
  signature?: string | undefined;
}

/** Mirrors the spec's Message (section 3) as far as the model needs it. */
export interface ChatMessageInput {
  role: 'system' | 'user' | 'assistant' | 'function';
  content: string | null | readonly MessagePart[];
  /** Legacy single function call on an assistant message. */
  function_call?: { name: string; arguments: string } | undefined;
  tool_calls?: readonly ToolCallInput[] | undefined;
  /** Function name on function-result messages. */
  name?: string | undefined;
  /** Pairs a function-result message with the assistant tool call it answers. */
  tool_call_id?: string | undefined;
}

export interface ChatSettings {
  temperature?: number | undefined;
  presencePenalty?: number | undefined;
  frequencyPenalty?: number | undefined;
  topP?: number | undefined;
  topK?: number | undefined;
  maxTokens?: number | undefined;
  stop?: readonly string[] | undefined;
  stream: boolean;
  /**
   * Reasoning settings as the user chose them; each builder sends what the model accepts (RC1),
   * in its provider's shape (PR23-PR27), and nothing to a model without reasoning controls.
   */
  reasoningEffort?: ReasoningEffort | undefined;
  thinkingBudget?: number | undefined;
  verbosity?: Verbosity | undefined;
}

/** A function the model may call (a plugin); `parameters` is a JSON Schema object. */
export interface ToolDefinition {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

export interface ChatRequest {
  model: ModelDescriptor;
  messages: readonly ChatMessageInput[];
  settings: ChatSettings;
  apiKey: string;
  /** Base URL such as https://api.openai.com/v1; defaults to the provider's (see defaultEndpoint). */
  endpoint?: string | undefined;
  tools?: readonly ToolDefinition[] | undefined;
  /** Sent as OpenRouter attribution headers (HTTP-Referer, X-Title). */
  appInfo?: { title: string; url: string } | undefined;
  /**
   * PR28: send the request to this Parley server relay instead of the provider (a model the
   * organisation offers: its key stays on the server). `modelId` is the organisation's model id.
   */
  relay?:
    { url: string; modelId?: string | undefined; headers?: Record<string, string> | undefined } | undefined;
}

/** What fetch is called with. `body` is a JSON string. */
export interface BuiltRequest {
  url: string;
  /** `credentials` only on relay calls (PR28): the session cookie of a server on another origin. */
  init: { method: 'POST'; headers: Record<string, string>; body: string; credentials?: 'include' };
}
