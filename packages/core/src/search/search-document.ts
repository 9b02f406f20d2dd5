import { messageText } from '../entities';
import type { Chat, MessageRole } from '../entities';

/**
 * What the search index needs of a chat: its title, flags and the text of its messages. Small
 * enough to post to a worker (no model info, usage, attachments...).
 */
export interface SearchDocument {
  readonly id: string;
  readonly title: string;
  readonly updatedAt: string;
  readonly archived: boolean;
  /** Deleted chats are never found (SE13); the index drops them. */
  readonly deleted: boolean;
  readonly messages: readonly SearchableMessage[];
}

export interface SearchableMessage {
  readonly id: string;
  readonly text: string;
}

/**
 * Messages a person reads in the chat. Function and tool results (web search dumps, JSON) are
 * machine payloads and would drown real hits, so they are not searched (SE3).
 */
export const SEARCHED_ROLES: ReadonlySet<MessageRole> = new Set(['system', 'user', 'assistant']);

export function toSearchDocument(chat: Chat): SearchDocument {
  const messages: SearchableMessage[] = [];
  for (const message of chat.messages) {
    if (!SEARCHED_ROLES.has(message.role)) continue;
    const text = messageText(message);
    if (text !== '') messages.push({ id: message.id, text });
  }
  return {
    id: chat.id,
    title: chat.chatTitle,
    updatedAt: chat.updatedAt,
    archived: chat.archivedAt !== null,
    deleted: chat.deletedAt !== null,
    messages,
  };
}
