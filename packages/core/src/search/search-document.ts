import { selectedPathOf } from '../chat';
import { type Chat, type MessageRole, messageText } from '../entities';

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
  /**
   * Not on the chat's selected path (chat BR2): a version the chat does not show (SE3c). Absent for
   * the messages shown.
   */
  readonly otherVersion?: true;
}

/**
 * Messages a person reads in the chat. Function and tool results (web search dumps, JSON) are
 * machine payloads and would drown real hits, so they are not searched (SE3).
 */
export const SEARCHED_ROLES: ReadonlySet<MessageRole> = new Set(['system', 'user', 'assistant']);

export function toSearchDocument(chat: Chat): SearchDocument {
  const shown = shownMessageIds(chat);
  const messages: SearchableMessage[] = [];
  for (const message of chat.messages) {
    if (!SEARCHED_ROLES.has(message.role)) continue;
    const text = messageText(message);
    if (text !== '') messages.push(searchableMessage(message.id, text, shown));
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

/**
 * The ids of the messages on the chat's selected path (BR2, BR3), or null when every message is on
 * it (a chat without versions: nothing to mark).
 */
export function shownMessageIds(chat: Pick<Chat, 'messages' | 'selectedPath'>): ReadonlySet<string> | null {
  const path = selectedPathOf(chat);
  const live = chat.messages.reduce((count, message) => count + (message.deletedAt ? 0 : 1), 0);
  return path.length === live ? null : new Set(path.map((message) => message.id));
}

export function searchableMessage(
  id: string,
  text: string,
  shown: ReadonlySet<string> | null,
): SearchableMessage {
  return shown === null || shown.has(id) ? { id, text } : { id, text, otherVersion: true };
}
