import { messageText, type Message } from '../entities';
import type { ModelDescriptor } from '../models';
import type { ChatMessageInput } from '../providers';
import { INTERRUPTED_FINISH } from './answer-message';
import { canContinueAfter } from './chat-error';

/** RQ4: how a request asks the model to go on with its own answer, cut at the max-tokens limit. */

/** RQ4: the final user turn of a continuation for providers that cannot continue an assistant turn. */
export const CONTINUE_INSTRUCTION =
  'Continue exactly where your last message stopped, without repeating anything.';

/**
 * RQ4: an answer Continue can go on with: cut at the max-tokens limit or by a reload (AN5), or (CE4) failed part-way for
 * a reason on the provider's side or on the way, with text already there.
 */
export function canContinueAnswer(message: Message): boolean {
  if (message.role !== 'assistant' || message.deletedAt) return false;
  // AN5: an answer cut by a reload (saved part-way, never finished) goes on like one cut at length.
  if (!message.error) return message.finish === 'length' || message.finish === INTERRUPTED_FINISH;
  return canContinueAfter(message.error.code) && messageText(message).trim() !== '';
}

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
