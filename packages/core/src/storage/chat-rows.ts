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
 * (every field but `messages`, plus a revision), and each message is a row of its own in
 * `messages`, keyed by chat and position: the rows of a chat, in key order, are its messages in
 * order. A save in a 10,000-message chat then writes the head, the summary and the messages that
 * changed, and no list of 10,000 ids.
 *
 * Chats written before this layout (one row holding `messages`) still read as they are; they are
 * split when next written. Everything here is pure: the repository and the IndexedDB upgrade share it.
 */

/** The head's field that is bookkeeping of this layout, never part of a Chat. */
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

/** Positions are fixed-width base 36, so key order is position order (36^8: never exhausted). */
const POSITION_WIDTH = 8;

export function messageKey(chatId: string, position: number): string {
  return messageKeyPrefix(chatId) + position.toString(36).padStart(POSITION_WIDTH, '0');
}

/** The position a row key holds after `prefix`, or -1 for a key not written by this layout. */
export function positionOfKey(key: string, prefix: string): number {
  const text = key.slice(prefix.length);
  const position = text.length === POSITION_WIDTH ? Number.parseInt(text, 36) : Number.NaN;
  return Number.isSafeInteger(position) ? position : -1;
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
  readonly messagesRevision: string;
}

export function isChatHead(raw: unknown): raw is StoredChatHead {
  return isRawRecord(raw) && !Array.isArray(raw.messages) && typeof raw[HEAD_REVISION] === 'string';
}

/** The head row of a chat: its fields without the messages, plus the revision of its rows. */
export function chatHead(chat: Chat, revision: string): StoredChatHead {
  const { messages: _messages, ...fields } = chat;
  return { ...fields, messagesRevision: revision };
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
function looksWhole(message: unknown): message is Record<string, unknown> {
  if (!isRawRecord(message) || !isText(message.id) || !ROLES.has(message.role)) return false;
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

/** The message a row holds, counted as parsed when it was written clean (MR9); undefined for another chat's row. */
export function messageOfRow(chatId: string, value: unknown): unknown {
  if (!isRawRecord(value) || !('message' in value)) return value;
  if (value.chatId !== chatId) return undefined;
  const { message } = value;
  if (value.clean === MESSAGE_SCHEMA_VERSION && looksWhole(message)) adoptStoredCleanMessage(message);
  return message;
}

/**
 * The raw chat (as a whole chat row would hold it) from a head and the rows read under its prefix,
 * in key order: the messages in order. A damaged row is handed to the parse as it is (which saves
 * or reports it); a row of another chat is ignored.
 */
export function assembleChat(
  chatId: string,
  head: StoredChatHead,
  rows: readonly RowLike[],
): Record<string, unknown> {
  const prefix = messageKeyPrefix(chatId);
  const messages: unknown[] = [];
  for (const row of rows) {
    if (!row.id.startsWith(prefix)) continue;
    const message = messageOfRow(chatId, row.value);
    if (message !== undefined) messages.push(message);
  }
  const { messagesRevision: _revision, ...fields } = head;
  return { ...fields, messages };
}

/**
 * A whole chat row as it was stored before this layout, split into a head and one row per message
 * in its order, or undefined when it is not a chat row with a message list (it then stays as it
 * is). Messages without ids keep their places, so the parse derives the same ids from them.
 */
export function splitStoredChat(
  chatId: string,
  raw: unknown,
  revision: string,
): { head: StoredChatHead; rows: { key: string; value: MessageRow }[] } | undefined {
  if (!isRawRecord(raw) || !Array.isArray(raw.messages)) return undefined;
  const rows = (raw.messages as unknown[]).map((message, position) => ({
    key: messageKey(chatId, position),
    value: { chatId, message },
  }));
  const { messages: _messages, ...fields } = raw;
  return { head: { ...fields, messagesRevision: revision }, rows };
}
