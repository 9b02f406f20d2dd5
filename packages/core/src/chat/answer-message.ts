import type { Message, TokenUsage as MessageTokenUsage } from '../entities';
import type { UsageRecordInput } from '../storage';
import { costOfUsage, estimateTokens, type ModelDescriptor } from '../models';
import type { ChatAssembly, TokenUsage } from '../providers';
import { isoNow } from '../platform';
import type { MessageDeps } from './chat-messages';
import { newMessage } from './chat-messages';

/** The assistant message an answer becomes, and its usage and cost (AN*). */

/** AN1: the finish of an answer the user stopped. */
export const STOPPED_FINISH = 'stopped';
/**
 * AN5: the finish of an answer saved part-way. The answer's end replaces it; an answer that still
 * has it was cut by a closed or reloaded tab, and can be continued (RQ4).
 */
export const INTERRUPTED_FINISH = 'interrupted';

export interface AnswerOutcome {
  assembly: ChatAssembly;
  /** The id the streaming answer has had from the start (the UI keys on it). */
  messageId: string;
  model: ModelDescriptor;
  /** CX5 estimate of what was sent, for AN2 when the provider reports nothing. */
  estimatedPromptTokens: number;
  createdAt?: string | undefined;
  /** BR1: the message the answer follows (the question it answers). */
  parentId?: string | null | undefined;
}

/** AN2: provider usage when reported, else the estimate. */
export function answerUsage(assembly: ChatAssembly, estimatedPromptTokens: number): TokenUsage {
  if (assembly.usage) return assembly.usage;
  const completionTokens = estimateTokens(assembly.text) + estimateTokens(assembly.reasoning);
  return {
    promptTokens: estimatedPromptTokens,
    completionTokens,
    totalTokens: estimatedPromptTokens + completionTokens,
  };
}

export function toMessageUsage(usage: TokenUsage): MessageTokenUsage {
  return {
    prompt_tokens: usage.promptTokens,
    completion_tokens: usage.completionTokens,
    total_tokens: usage.totalTokens,
    // Kept so the chat shows the cost the usage record counts (AN3, TK4).
    ...(usage.costUSD !== undefined ? { cost: usage.costUSD } : {}),
  };
}

/** AN1: the answer as stored, partial or failed answers included. */
export function answerMessage(outcome: AnswerOutcome, deps: MessageDeps): Message {
  const { assembly } = outcome;
  const stopped = assembly.error?.code === 'aborted';
  const failed = assembly.error && !stopped ? assembly.error : null;
  // A call refused before any output (an HTTP error) used no tokens: no usage to show or count.
  const produced =
    assembly.usage !== null ||
    assembly.text !== '' ||
    assembly.reasoning !== '' ||
    assembly.toolCalls.length > 0;
  const message = newMessage(
    {
      id: outcome.messageId,
      ...(outcome.parentId !== undefined ? { parentId: outcome.parentId } : {}),
      role: 'assistant',
      content: assembly.text,
      model: outcome.model.id,
      usage: produced ? toMessageUsage(answerUsage(assembly, outcome.estimatedPromptTokens)) : null,
      finish: stopped ? STOPPED_FINISH : (assembly.finish ?? null),
      error: failed ? { code: failed.code, message: failed.providerMessage } : null,
    },
    deps,
  );
  if (assembly.reasoning !== '') message.reasoning = assembly.reasoning;
  const toolCalls = assembly.toolCalls.filter((call) => call.complete);
  if (toolCalls.length > 0) {
    message.tool_calls = toolCalls.map((call) => ({
      id: call.id,
      type: 'function' as const,
      function: { name: call.name, arguments: call.rawArguments },
    }));
  }
  if (outcome.createdAt) message.createdAt = outcome.createdAt;
  message.updatedAt = isoNow(deps.clock);
  return message;
}

/** AN5: a streaming answer saved part-way (a closed tab loses little), marked interrupted until its end. */
export function partialAnswerMessage(outcome: AnswerOutcome, deps: MessageDeps): Message {
  return { ...answerMessage(outcome, deps), finish: INTERRUPTED_FINISH, error: null };
}

export interface UsageCostInput {
  model: ModelDescriptor;
  usage: TokenUsage;
  customModels: readonly ModelDescriptor[];
}

export function usageCost({ model, usage, customModels }: UsageCostInput): number {
  // The model itself is looked up after the catalogue and the custom models: a model picked from a
  // live list carries the list's price (MD1) and is in neither.
  return costOfUsage(model.id, usage, [...customModels, model]);
}

export interface AnswerUsageRecordInput {
  chatID: string;
  model: ModelDescriptor;
  /** The answer's usage; null for a record of enhancements only (a title that came later). */
  answer: TokenUsage | null;
  /** Title and keyword calls (TT3, TT4), each with the model that made it. */
  enhancements: readonly { model: ModelDescriptor; usage: TokenUsage }[];
  customModels: readonly ModelDescriptor[];
}

/** AN3: one usage record per answer. */
export function answerUsageRecord(input: AnswerUsageRecordInput): UsageRecordInput {
  const answer = input.answer ?? { promptTokens: 0, completionTokens: 0, totalTokens: 0 };
  const messageCostUSD = input.answer
    ? usageCost({ model: input.model, usage: answer, customModels: input.customModels })
    : 0;
  let enhancedTokens = 0;
  let enhancedCostUSD = 0;
  for (const call of input.enhancements) {
    enhancedTokens += call.usage.totalTokens;
    enhancedCostUSD += usageCost({ model: call.model, usage: call.usage, customModels: input.customModels });
  }
  return {
    chatID: input.chatID,
    model: input.model.id,
    messageTokens: answer.totalTokens,
    messageCostUSD,
    enhancedTokens,
    enhancedCostUSD,
    totalTokens: answer.totalTokens + enhancedTokens,
    totalCostUSD: messageCostUSD + enhancedCostUSD,
  };
}
