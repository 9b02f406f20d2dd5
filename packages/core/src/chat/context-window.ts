import { isContextBoundary, type Message } from '../entities';
import { estimateMessagesTokens, estimateTokens, type ModelDescriptor } from '../models';
import type { ChatMessageInput } from '../providers';
import { isFailedEmptyAnswer } from './chat-messages';

/** Which of a chat's messages are sent, within the message limit and the token budget (CX*). */

/** CX4: when max tokens is unset, keep this much (at most a quarter of the window) for the answer. */
export const DEFAULT_ANSWER_RESERVE = 4096;

/**
 * CX1, CX2: the messages after the last boundary, without markers, system messages, empty failures
 * and deleted messages (sync tombstones).
 */
export function messagesAfterBoundary(messages: readonly Message[]): Message[] {
  let start = 0;
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i];
    if (message && isContextBoundary(message)) {
      start = i + 1;
      break;
    }
  }
  const kept: Message[] = [];
  for (let i = start; i < messages.length; i++) {
    const message = messages[i] as Message;
    if (message.role === 'system' || message.deletedAt || isFailedEmptyAnswer(message)) continue;
    kept.push(message);
  }
  return kept;
}

/** CX4: the model's context length minus what the answer needs. */
export function tokenBudget(model: ModelDescriptor, maxTokens: number | undefined): number {
  const cap = model.maxTokensCap ?? Number.POSITIVE_INFINITY;
  const reserve = Math.min(
    maxTokens ?? Math.min(DEFAULT_ANSWER_RESERVE, Math.floor(model.contextLength / 4)),
    cap,
  );
  return model.contextLength - Math.max(0, reserve);
}

export type ContextSelection =
  | {
      kind: 'fits';
      /** The conversation to send (system message not included). */
      messages: ChatMessageInput[];
      /** How many older messages CX3 and CX6 left out. */
      dropped: number;
      /** CX5 estimate of what is sent, system text included. */
      estimatedTokens: number;
      budget: number;
    }
  | { kind: 'cannot-fit'; estimatedTokens: number; budget: number };

export interface ContextOptions {
  systemText: string;
  model: ModelDescriptor;
  maxTokens: number | undefined;
  /** CX3: how many messages to send at most; undefined sends them all. */
  contextLimit: number | undefined;
}

/**
 * CX3–CX7. `conversation` is already converted and filtered (messagesAfterBoundary); its last
 * message is the one to answer.
 */
export function selectContext(
  conversation: readonly ChatMessageInput[],
  options: ContextOptions,
): ContextSelection {
  const budget = tokenBudget(options.model, options.maxTokens);
  const limit =
    options.contextLimit === undefined ? conversation.length : Math.max(1, Math.floor(options.contextLimit));
  const limited = conversation.slice(Math.max(0, conversation.length - limit));
  const systemTokens = estimateTokens(options.systemText);
  const perMessage = limited.map((message) => estimateMessagesTokens([message]));
  let total = systemTokens + perMessage.reduce((sum, tokens) => sum + tokens, 0);
  let first = 0;
  // CX6: drop from the oldest, never the last message.
  while (total > budget && first < limited.length - 1) {
    total -= perMessage[first] ?? 0;
    first++;
  }
  if (total > budget) return { kind: 'cannot-fit', estimatedTokens: total, budget };
  return {
    kind: 'fits',
    messages: limited.slice(first),
    dropped: conversation.length - limited.length + first,
    estimatedTokens: total,
    budget,
  };
}
