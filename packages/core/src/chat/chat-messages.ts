import {
  isContextBoundary,
  type Message,
  MESSAGE_ID_PREFIX,
  MESSAGE_SCHEMA_VERSION,
  type MessageContent,
} from '../entities';
import { type Clock, type IdGenerator, isoNow } from '../platform';

/** Creating messages, and the context-boundary marker (CX1). */

export interface MessageDeps {
  clock: Clock;
  ids: IdGenerator;
}

/** CX1: the Message entity's own test for a Clear Context marker. */
export { isContextBoundary };

export function newMessageId(ids: IdGenerator): string {
  return `${MESSAGE_ID_PREFIX}${ids.randomId()}`;
}

export function newMessage(fields: Partial<Message> & Pick<Message, 'role'>, deps: MessageDeps): Message {
  const now = isoNow(deps.clock);
  return {
    schemaVersion: MESSAGE_SCHEMA_VERSION,
    id: fields.id ?? newMessageId(deps.ids),
    content: null,
    createdAt: now,
    updatedAt: now,
    ...fields,
  };
}

export function newUserMessage(content: MessageContent, deps: MessageDeps): Message {
  return newMessage({ role: 'user', content }, deps);
}

/** CX1: Clear Context adds this marker: a system-role message without content, never sent to a model. */
export function newContextBoundary(deps: MessageDeps): Message {
  return newMessage({ role: 'system', content: null, contextBoundary: true }, deps);
}

/** CX2: an answer that failed before any text arrived; shown with its error, never sent. */
export function isFailedEmptyAnswer(message: Message): boolean {
  if (message.role !== 'assistant' || !message.error) return false;
  const { content } = message;
  const empty =
    content === null || (typeof content === 'string' ? content.trim() === '' : content.length === 0);
  return empty && !message.tool_calls?.length && !message.function_call;
}
