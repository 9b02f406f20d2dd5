import type { ModelDescriptor } from '../models/model-descriptor';
import type { ChatMessageInput } from '../providers/chat-request';

/** RQ4: how a request asks the model to go on with its own answer, cut at the max-tokens limit. */

/** RQ4: the final user turn of a continuation for providers that cannot continue an assistant turn. */
export const CONTINUE_INSTRUCTION =
  'Continue exactly where your last message stopped, without repeating anything.';

/** RQ4: the conversation ends with the assistant's answer, the one Continue goes on with. */
export function continuesAnswer(conversation: readonly ChatMessageInput[]): boolean {
  return conversation.at(-1)?.role === 'assistant';
}

/**
 * RQ4: the turns that follow the cut answer. Anthropic continues a final assistant turn itself (a
 * prefill); the other providers answer a final assistant turn with a new answer, so they are asked.
 */
export function continuationTurns(model: ModelDescriptor): (ChatMessageInput & { content: string })[] {
  return model.provider === 'anthropic' ? [] : [{ role: 'user', content: CONTINUE_INSTRUCTION }];
}
