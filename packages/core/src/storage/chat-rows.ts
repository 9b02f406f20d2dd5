import {
  adoptStoredCleanMessage,
  isParsedMessage,
  isRawRecord,
  MESSAGE_SCHEMA_VERSION,
  messageRoles,
} from '../entities';
import type { Chat, Message } from '../entities';

/**
 * How a chat is laid out in the record tables (storage SPEC MR): the `chats` row is the chat's head
 * (every field but `messages`, plus the ids of its messages in order and a revision), and each
 * message is a row of its own in `messages`, keyed by chat and message. A save in a 5,000-message
 * chat then writes the head, the summary and the messages that changed, not the whole chat.
 *
 * Chats written before this layout (one row holding `messages`) still read as they are; they are
 * split when next written. Everything here is pure: the repository and the IndexedDB upgrade share it.
 */

/** The head's fields that are bookkeeping of this layout, never part of a Chat. */
export const HEAD_MESSAGE_IDS = 'messageIds';
export const HEAD_REVISION = 'messagesRevision';

/**
 * A message row: the message as stored plus the chat it belongs to; `clean` is the message schema
 * version when the message came out of a clean parse (MR9: read back, it needs no parse again).
 */
export interface MessageRow {
  readonly chatId: string;
  readonly message: unknown;
  readonly clean?: number;
}

/**
 * The key prefix of a chat's message rows. The chat id's length comes first, so no chat's prefix is
 * the start of another's, whatever characters the ids hold ("a" and "a/b" give "1:a/" and "3:a/b/").
 */
export function messageKeyPrefix(chatId: string): string {
  return `${String(chatId.length)}:${chatId}/`;
}

export function messageKey(chatId: string, messageId: string): string {
  return messageKeyPrefix(chatId) + messageId;
}

/** The message id a row key names under `prefix`. */
export function messageIdOfKey(key: string, prefix: string): string {
  return key.slice(prefix.length);
}

/** The chat id a message row key belongs to, or undefined for a key not in this layout. */
export function chatIdOfMessageKey(key: string): string | undefined {
  const colon = key.indexOf(':');
  if (colon <= 0) return undefined;
  const length = Number(key.slice(0, colon));
  if (!Number.isSafeInteger(length) || length < 0) return undefined;
  const end = colon + 1 + length;
  return key.charAt(end) === '/' ? key.slice(colon + 1, end) : undefined;
}

/** A stored chat row in the head layout (as opposed to a whole chat with its messages). */
export interface StoredChatHead {
  readonly [key: string]: unknown;
  readonly messageIds: readonly string[];
  readonly messagesRevision: string;
}

export function isChatHead(raw: unknown): raw is StoredChatHead {
  return (
    isRawRecord(raw) &&
    !Array.isArray(raw.messages) &&
    Array.isArray(raw[HEAD_MESSAGE_IDS]) &&
    typeof raw[HEAD_REVISION] === 'string'
  );
}

/** The head row of a chat: its fields without the messages, plus their ids in order. */
export function chatHead(chat: Chat, revision: string): StoredChatHead {
  const { messages, ...fields } = chat;
  return { ...fields, messageIds: messages.map((message) => message.id), messagesRevision: revision };
}

export function messageRow(chatId: string, message: Message): MessageRow {
  return isParsedMessage(message) ? { chatId, message, clean: MESSAGE_SCHEMA_VERSION } : { chatId, message };
}

const ROLES: ReadonlySet<unknown> = new Set(messageRoles);
const isText = (value: unknown) => typeof value === 'string';

/**
 * The few fields every view reads, checked on a row that claims a clean parse (MR9): a row damaged
 * since (by hand, by a bug elsewhere) still goes through the tolerant parse instead of being trusted.
 */
function looksWhole(message: unknown, id: string): message is Record<string, unknown> {
  if (!isRawRecord(message) || message.id !== id || !ROLES.has(message.role)) return false;
  if (!isText(message.createdAt) || !isText(message.updatedAt)) return false;
  if (message.parentId !== undefined && message.parentId !== null && !isText(message.parentId)) return false;
  const { content } = message;
  return (
    content === null ||
    isText(content) ||
    (Array.isArray(content) && content.every((part) => isRawRecord(part) && isText(part.type)))
  );
}

interface RowLike {
  readonly id: string;
  readonly value: unknown;
}

/**
 * The raw chat (as a whole chat row would hold it) from a head and the rows read under its prefix:
 * messages in the head's order; a row the head does not list (never expected) is kept after them, in
 * key order, so nothing readable is dropped; a listed id without a row is left out (the caller
 * reports the chat's issues through its parse). Rows of another chat are ignored.
 */
export function assembleChat(
  chatId: string,
  head: StoredChatHead,
  rows: readonly RowLike[],
): { raw: Record<string, unknown>; missing: number } {
  const prefix = messageKeyPrefix(chatId);
  const byId = new Map<string, unknown>();
  for (const row of rows) {
    if (!row.id.startsWith(prefix)) continue;
    const value = row.value;
    if (isRawRecord(value) && value.chatId === chatId && 'message' in value) {
      const id = messageIdOfKey(row.id, prefix);
      const message = value.message;
      // MR9: a row written from a clean parse of this schema, whose message still has its key's id.
      if (value.clean === MESSAGE_SCHEMA_VERSION && looksWhole(message, id)) {
        adoptStoredCleanMessage(message);
      }
      byId.set(id, message);
    } else {
      // A damaged row still carries a message the parse may save (or report).
      byId.set(messageIdOfKey(row.id, prefix), value);
    }
  }
  const messages: unknown[] = [];
  let missing = 0;
  for (const id of head.messageIds) {
    if (typeof id !== 'string' || !byId.has(id)) {
      missing += 1;
      continue;
    }
    messages.push(byId.get(id));
    byId.delete(id);
  }
  for (const orphan of [...byId.keys()].sort()) messages.push(byId.get(orphan));
  const { messageIds: _ids, messagesRevision: _revision, ...fields } = head;
  return { raw: { ...fields, messages }, missing };
}

/**
 * A whole chat row as it was stored before this layout, split into a head and message rows, or
 * undefined when it cannot be split without a parse (a message without a usable id, a repeated id,
 * no message list): such a chat stays one row, reads as before, and is split by its next save.
 */
export function splitStoredChat(
  chatId: string,
  raw: unknown,
  revision: string,
): { head: StoredChatHead; rows: { key: string; value: MessageRow }[] } | undefined {
  if (!isRawRecord(raw) || !Array.isArray(raw.messages)) return undefined;
  const ids = new Set<string>();
  const rows: { key: string; value: MessageRow }[] = [];
  for (const message of raw.messages as unknown[]) {
    if (!isRawRecord(message) || typeof message.id !== 'string' || message.id === '') return undefined;
    if (ids.has(message.id)) return undefined;
    ids.add(message.id);
    rows.push({ key: messageKey(chatId, message.id), value: { chatId, message } });
  }
  const { messages: _messages, ...fields } = raw;
  return { head: { ...fields, messageIds: [...ids], messagesRevision: revision }, rows };
}
