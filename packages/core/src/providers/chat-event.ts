import type { ProviderError } from './errors';

/** The provider-neutral event stream every provider's response is normalised into (SPEC.md ST*). */

export const finishReasons = [
  'stop',
  'length',
  'tool_calls',
  'stop_sequence',
  'refusal',
  'content_filter',
  'error',
] as const;
export type FinishReason = (typeof finishReasons)[number];

/** Token counts of the whole call as last reported by the provider (never summed across chunks). */
export interface TokenUsage {
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
  /** Part of completionTokens spent on reasoning, when the provider says. */
  reasoningTokens?: number | undefined;
  /** Cost the provider reported itself (OpenRouter `usage.cost`). */
  costUSD?: number | undefined;
}

export type ChatEvent =
  | { type: 'text-delta'; text: string }
  /**
   * Reasoning text. `signature` (Anthropic signature_delta) and `redactedData` (Anthropic
   * redacted_thinking) carry no readable text; `text` is then ''.
   */
  | { type: 'reasoning-delta'; text: string; signature?: string; redactedData?: string }
  | { type: 'tool-call-start'; index: number; id: string; name: string }
  | { type: 'tool-call-delta'; index: number; argumentsDelta: string }
  | {
      type: 'tool-call-complete';
      index: number;
      id: string;
      name: string;
      /** Parsed arguments; `{}` when none were sent or when they did not parse. */
      arguments: Record<string, unknown>;
      /** The arguments exactly as streamed ('' when none). */
      rawArguments: string;
      /** True when rawArguments is not a complete JSON object (e.g. cut at max_tokens). */
      parseError?: true;
      /** Provider signature to send back with this call (Gemini thoughtSignature). */
      signature?: string;
    }
  | ({ type: 'usage' } & TokenUsage)
  | { type: 'finish'; reason: FinishReason }
  | { type: 'error'; error: ProviderError };

export type ChatEventType = ChatEvent['type'];
