import { answerUsage } from '@parley/core/chat';
import { messageText, type Chat, type Message } from '@parley/core/entities';
import type { ChatAssembly } from '@parley/core/providers';

/** How an answer lands in the chat when it was stopped early or continues a cut one (RQ4, BR2). */

/**
 * An answer stopped before anything arrived leaves nothing; if a part-way save had selected it, the
 * selection goes back to the question it answered (BR2).
 */
export function withoutAnswer(chat: Chat, answer: Message): Chat {
  const messages = chat.messages.filter((m) => m.id !== answer.id);
  if (chat.selectedPath?.leafId !== answer.id) return { ...chat, messages };
  const { parentId } = answer;
  const selectedPath = parentId ? { leafId: parentId, updatedAt: chat.selectedPath.updatedAt } : null;
  return { ...chat, messages, selectedPath };
}

/** RQ4: the cut answer with its continuation after it: text and reasoning appended, usage summed. */
export function joinContinuation(
  cut: Message,
  assembly: ChatAssembly,
  estimatedPromptTokens: number,
): ChatAssembly {
  const added = answerUsage(assembly, estimatedPromptTokens);
  const earlier = cut.usage;
  return {
    ...assembly,
    // As it comes: a continuation that repeats the end of the cut text is not trimmed.
    text: messageText(cut) + assembly.text,
    reasoning: (cut.reasoning ?? '') + assembly.reasoning,
    usage: earlier
      ? {
          promptTokens: earlier.prompt_tokens + added.promptTokens,
          completionTokens: earlier.completion_tokens + added.completionTokens,
          totalTokens: earlier.total_tokens + added.totalTokens,
        }
      : added,
  };
}

/** A continued answer keeps what the cut one had besides its text (pin, keywords, title usage). */
export function storedAs(cut: Message | undefined, answer: Message): Message {
  if (!cut) return answer;
  const { content, usage, finish, error, reasoning, tool_calls, updatedAt } = answer;
  return {
    ...cut,
    content,
    usage,
    finish,
    error,
    updatedAt,
    ...(reasoning ? { reasoning } : {}),
    ...(tool_calls ? { tool_calls } : {}),
  };
}
