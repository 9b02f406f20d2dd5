import type { ChatEvent, FinishReason, TokenUsage } from './chat-event';
import type { ProviderError } from './errors';

/** The reducer that reassembles a message from ChatEvents; the chat UI folds its live stream with it. */

export interface AssembledToolCall {
  index: number;
  id: string;
  name: string;
  /** Arguments text as streamed so far (complete once `complete` is true). */
  rawArguments: string;
  /** Parsed arguments; set when the call completed. */
  arguments: Record<string, unknown> | null;
  parseError: boolean;
  signature: string | null;
  complete: boolean;
}

export interface ChatAssembly {
  text: string;
  reasoning: string;
  /** Anthropic thinking signature (needed to send thinking back in a later turn). */
  reasoningSignature: string | null;
  redactedReasoning: readonly string[];
  /** In order of first appearance; calls cut off by an error stay with complete: false. */
  toolCalls: readonly AssembledToolCall[];
  usage: TokenUsage | null;
  finish: FinishReason | null;
  error: ProviderError | null;
}

export const emptyChatAssembly: ChatAssembly = Object.freeze({
  text: '',
  reasoning: '',
  reasoningSignature: null,
  redactedReasoning: [],
  toolCalls: [],
  usage: null,
  finish: null,
  error: null,
});

function updateCall(
  calls: readonly AssembledToolCall[],
  index: number,
  update: (call: AssembledToolCall) => AssembledToolCall,
): readonly AssembledToolCall[] {
  const at = calls.findIndex((call) => call.index === index);
  if (at === -1) return calls;
  const next = calls.slice();
  next[at] = update(calls[at] as AssembledToolCall);
  return next;
}

/** Pure: returns a new assembly (the same one for events that change nothing). */
export function applyChatEvent(state: ChatAssembly, event: ChatEvent): ChatAssembly {
  switch (event.type) {
    case 'text-delta':
      return { ...state, text: state.text + event.text };
    case 'reasoning-delta':
      return {
        ...state,
        reasoning: state.reasoning + event.text,
        reasoningSignature: event.signature
          ? (state.reasoningSignature ?? '') + event.signature
          : state.reasoningSignature,
        redactedReasoning: event.redactedData
          ? [...state.redactedReasoning, event.redactedData]
          : state.redactedReasoning,
      };
    case 'tool-call-start':
      if (state.toolCalls.some((call) => call.index === event.index)) return state;
      return {
        ...state,
        toolCalls: [
          ...state.toolCalls,
          {
            index: event.index,
            id: event.id,
            name: event.name,
            rawArguments: '',
            arguments: null,
            parseError: false,
            signature: null,
            complete: false,
          },
        ],
      };
    case 'tool-call-delta':
      return {
        ...state,
        toolCalls: updateCall(state.toolCalls, event.index, (call) => ({
          ...call,
          rawArguments: call.rawArguments + event.argumentsDelta,
        })),
      };
    case 'tool-call-complete': {
      const completed: AssembledToolCall = {
        index: event.index,
        id: event.id,
        name: event.name,
        rawArguments: event.rawArguments,
        arguments: event.arguments,
        parseError: event.parseError === true,
        signature: event.signature ?? null,
        complete: true,
      };
      const known = state.toolCalls.some((call) => call.index === event.index);
      return {
        ...state,
        toolCalls: known
          ? updateCall(state.toolCalls, event.index, () => completed)
          : [...state.toolCalls, completed],
      };
    }
    case 'usage': {
      const { type: _type, ...usage } = event;
      return { ...state, usage };
    }
    case 'finish':
      return { ...state, finish: event.reason };
    case 'error':
      return { ...state, error: event.error };
  }
}

/** Folds a whole event sequence (streamChat's output, or a test's array). */
export async function collectChat(
  events: AsyncIterable<ChatEvent> | Iterable<ChatEvent>,
): Promise<ChatAssembly> {
  let state = emptyChatAssembly;
  for await (const event of events) state = applyChatEvent(state, event);
  return state;
}
