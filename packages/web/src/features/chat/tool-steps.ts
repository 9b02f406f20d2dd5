import { chatPath, lastUserMessage, upsertMessage } from '@parley/core/chat';
import { messageText, type Chat, type Message } from '@parley/core/entities';
import {
  DEFAULT_TOOL_TIMEOUT_MS,
  prepareToolCalls,
  shouldRunToolCalls,
  stepLimitOutcomes,
  toolResultMessages,
  type StoredToolCall,
  type ToolCallOutcome,
} from '@parley/core/tools';
import { runToolCalls, type ToolRegistry } from '../tools';
import type { AnswerPlan } from './answer-plan';
import type { ChatServices } from './chat-services';

/**
 * The answer runner's part of the tool loop (core tools SPEC TL*): one step's calls run and turned
 * into the result messages stored under the answer (the tools a request offers are planned with it:
 * session-answers).
 */

export type ToolLoopDeps = {
  registry: ToolRegistry;
  /** Plans the next step's request from the chat whose path ends with the step's results. */
  replan: (chat: Chat) => AnswerPlan;
  timeoutMs?: number;
};

export interface ToolStepResult {
  /** The result messages, chained under the answer. */
  results: Message[];
  /** False when the loop ends here: stopped, or the step limit reached (TL5, TL8). */
  goOn: boolean;
}

/** TL2-TL5, TL8: runs one answer's calls; the chat is the stored one, its path ending at the answer. */
export async function runToolStep(input: {
  chat: Chat;
  answer: Message;
  calls: readonly StoredToolCall[];
  tools: ToolLoopDeps;
  services: ChatServices;
  signal: AbortSignal;
}): Promise<ToolStepResult> {
  const { chat, answer, calls, tools, services, signal } = input;
  const withinLimit = shouldRunToolCalls(chatPath(chat));
  let outcomes: ToolCallOutcome[];
  if (!withinLimit) outcomes = stepLimitOutcomes(calls);
  else {
    outcomes = await runToolCalls({
      prepared: prepareToolCalls(calls, await tools.registry.list()),
      registry: tools.registry,
      signal,
      timeoutMs: tools.timeoutMs ?? DEFAULT_TOOL_TIMEOUT_MS,
      userMessage: messageText(lastUserMessage(chat) ?? { content: '' }),
      now: () => services.clock.now(),
    });
  }
  const results = toolResultMessages(answer, outcomes, { clock: services.clock, ids: services.ids });
  return { results, goOn: withinLimit && !signal.aborted };
}

/** TL6: the chat with the results in place, the last one selected. */
export function withToolResults(chat: Chat, results: readonly Message[], services: ChatServices): Chat {
  const deps = { clock: services.clock, ids: services.ids };
  return results.reduce((current, message) => upsertMessage(current, message, deps), chat);
}
