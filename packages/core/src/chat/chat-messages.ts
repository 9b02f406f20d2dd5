import { MESSAGE_ID_PREFIX } from '../entities/defaults';
import { MESSAGE_SCHEMA_VERSION } from '../entities/message';
import type { Message, MessageContent } from '../entities/message';
import type { Clock } from '../platform/clock';
import { isoNow } from '../platform/clock';
import type { IdGenerator } from '../platform/id-generator';

/** Creating messages, and the context-boundary marker (CX1). */

export interface MessageDeps {
  clock: Clock;
  ids: IdGenerator;
}

/**
 * CX1: Clear Context inserts a marker message. The Message entity keeps unknown fields, so the marker
 * is a system-role message with no content and this flag; it is never sent to a model.
 */
export const CONTEXT_BOUNDARY_FIELD = 'contextBoundary';

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

export function newContextBoundary(deps: MessageDeps): Message {
  return {
    ...newMessage({ role: 'system', content: null }, deps),
    [CONTEXT_BOUNDARY_FIELD]: true,
  } as Message;
}

export function isContextBoundary(message: Message): boolean {
  return (message as Record<string, unknown>)[CONTEXT_BOUNDARY_FIELD] === true;
}

/** CX2: an answer that failed before any text arrived; shown with its error, never sent. */
export function isFailedEmptyAnswer(message: Message): boolean {
  if (message.role !== 'assistant' || !message.error) return false;
  const { content } = message;
  const empty =
    content === null || (typeof content === 'string' ? content.trim() === '' : content.length === 0);
  return empty && !message.tool_calls?.length && !message.function_call;
}
