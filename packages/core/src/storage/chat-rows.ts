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
 * (every field but `messages`, plus a revision), and its messages are rows of `messages`, a chunk of
 * MESSAGES_PER_ROW consecutive messages each, keyed by chat and chunk number: the rows of a chat, in
 * key order, hold its messages in order. A save in a 10,000-message chat then writes the head, the
 * summary and the chunks that changed (an answer: the last one); opening it reads 157 rows, not
 * 10,000 (IndexedDB spends ~15 µs a row, a whole chat read one row at a time took 165 ms).
 *
 * Chats written before this layout (one row holding `messages`) still read as they are; they are
 * split when next written. Everything here is pure: the repository and the IndexedDB upgrade share it.
 */

/** The head's field that is bookkeeping of this layout, never part of a Chat. */
export const HEAD_REVISION = 'messagesRevision';

/** How many consecutive messages one row holds (the last row of a chat may hold fewer). */
export const MESSAGES_PER_ROW = 64;

/**
 * A row of messages: a chunk of a chat's messages as stored plus the chat it belongs to; `clean` is
 * the message schema version when every one of them came out of a clean parse (MR9: read back, they
 * need no parse again).
 */
export interface MessageRow {
  readonly chatId: string;
  readonly messages: readonly unknown[];
  readonly clean?: number;
}

/**
 * The key prefix of a chat's message rows. The chat id's length comes first, so no chat's prefix is
 * the start of another's, whatever characters the ids hold ("a" and "a/b" give "1:a/" and "3:a/b/").
 */
export function messageKeyPrefix(chatId: string): string {
  return `${String(chatId.length)}:${chatId}/`;
}

/** Chunk numbers are fixed-width base 36, so key order is chunk order (36^8: never exhausted). */
const POSITION_WIDTH = 8;

/** The key of chunk `chunk` of a chat's messages (messages chunk*MESSAGES_PER_ROW onwards). */
export function messageKey(chatId: string, chunk: number): string {
  return messageKeyPrefix(chatId) + chunk.toString(36).padStart(POSITION_WIDTH, '0');
}

/** The chunk number a row key holds after `prefix`, or -1 for a key not written by this layout. */
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

/** The row of chunk `chunk` of these messages. */
export function messageRow(chatId: string, messages: readonly Message[], chunk: number): MessageRow {
  const part = messages.slice(chunk * MESSAGES_PER_ROW, (chunk + 1) * MESSAGES_PER_ROW);
  return part.every(isParsedMessage)
    ? { chatId, messages: part, clean: MESSAGE_SCHEMA_VERSION }
    : { chatId, messages: part };
}

/** How many rows `count` messages take. */
export const rowsFor = (count: number): number => Math.ceil(count / MESSAGES_PER_ROW);

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

/**
 * The messages a row holds, counted as parsed when they were written clean (MR9); none for another
 * chat's row; a damaged row's value is handed to the parse as one message (which saves or reports it).
 */
export function messagesOfRow(chatId: string, value: unknown): unknown[] {
  if (!isRawRecord(value) || !Array.isArray(value.messages)) return [value];
  if (value.chatId !== chatId) return [];
  const messages = value.messages as unknown[];
  if (value.clean === MESSAGE_SCHEMA_VERSION) {
    for (const message of messages) if (looksWhole(message)) adoptStoredCleanMessage(message);
  }
  return messages;
}

/**
 * The raw chat (as a whole chat row would hold it) from a head and the rows read under its prefix,
 * in key order: the messages in order. A row of another chat is ignored.
 */
export function assembleChat(
  chatId: string,
  head: StoredChatHead,
  rows: readonly RowLike[],
): Record<string, unknown> {
  const prefix = messageKeyPrefix(chatId);
  const messages: unknown[] = [];
  for (const row of rows) {
    if (row.id.startsWith(prefix))
      for (const message of messagesOfRow(chatId, row.value)) messages.push(message);
  }
  const { messagesRevision: _revision, ...fields } = head;
  return { ...fields, messages };
}

/**
 * A whole chat row as it was stored before this layout, split into a head and its rows of
 * messages in order, or undefined when it is not a chat row with a message list (it then stays as
 * it is). Messages without ids keep their places, so the parse derives the same ids from them.
 */
export function splitStoredChat(
  chatId: string,
  raw: unknown,
  revision: string,
): { head: StoredChatHead; rows: { key: string; value: MessageRow }[] } | undefined {
  if (!isRawRecord(raw) || !Array.isArray(raw.messages)) return undefined;
  const all = raw.messages as unknown[];
  const rows = Array.from({ length: rowsFor(all.length) }, (_, chunk) => ({
    key: messageKey(chatId, chunk),
    value: { chatId, messages: all.slice(chunk * MESSAGES_PER_ROW, (chunk + 1) * MESSAGES_PER_ROW) },
  }));
  const { messages: _messages, ...fields } = raw;
  return { head: { ...fields, messagesRevision: revision }, rows };
}
