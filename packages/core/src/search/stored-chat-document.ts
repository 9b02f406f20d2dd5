import { chatEntity, isRawRecord, messageRoles } from '../entities';
import type { Chat, Message, MessageRole } from '../entities';
import type { SearchableMessage, SearchDocument } from './search-document';
import { SEARCHED_ROLES, searchableMessage, shownMessageIds, toSearchDocument } from './search-document';

/**
 * The search document of a chat as it is stored (the raw value of one row, keyed by `id`), for
 * readers that bypass the storage port (the search worker reads IndexedDB itself). Undefined when
 * the value cannot be read as a chat at all: the caller skips it, it never breaks the index.
 *
 * A full parse of a 5,000-message chat costs ~80 ms, most of it on fields search never looks at.
 * Chats this app wrote are already in the current shape, so a check of just the fields search
 * uses accepts those and builds the document directly; anything else (old versions, odd values,
 * missing or repeated message ids) takes the entity parse, exactly as the storage port would.
 * Both ways give the same document (stored-chat-document.test.ts holds them to it).
 */
export function searchDocumentOfStoredChat(id: string, value: unknown): SearchDocument | undefined {
  if (!isRawRecord(value)) return undefined;
  const fast = currentShapeDocument(id, value);
  if (fast) return fast;
  // As the store decodes a row: the key is the id, whatever the value says.
  const parsed = chatEntity.safeParse({ ...value, id });
  return parsed.success ? toSearchDocument(parsed.data) : undefined;
}

// Canonical timestamps only (what toISOString writes); anything else is normalised by the parse.
const ISO_TIMESTAMP = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d:[0-5]\d\.\d{3}Z$/;
const ROLES: ReadonlySet<unknown> = new Set(messageRoles);

/** Exactly what the parse keeps unchanged: canonical text of a real date (not 2024-02-31). */
function isTimestamp(value: unknown): value is string {
  if (typeof value !== 'string' || !ISO_TIMESTAMP.test(value)) return false;
  const ms = Date.parse(value);
  return !Number.isNaN(ms) && new Date(ms).toISOString() === value;
}
const isOptionalTimestamp = (value: unknown): value is string | null => value === null || isTimestamp(value);

/**
 * The text the parse would give this content: a string as it is, the text parts of a list
 * (the parse drops malformed parts one by one, so skipping them here is the same), or
 * undefined for anything the parse would have to repair.
 */
function contentText(content: unknown): string | undefined {
  if (typeof content === 'string') return content;
  if (content === null || content === undefined) return '';
  if (!Array.isArray(content)) return undefined;
  const texts: string[] = [];
  for (const part of content) {
    if (isRawRecord(part) && part.type === 'text' && typeof part.text === 'string') texts.push(part.text);
  }
  return texts.join('\n\n');
}

/** The selection as the parse keeps it (null for none); undefined when the parse would repair it. */
function selectedPathField(value: unknown): Chat['selectedPath'] | undefined {
  if (value === null || value === undefined) return null;
  if (!isRawRecord(value) || typeof value.leafId !== 'string' || value.leafId === '') return undefined;
  return isTimestamp(value.updatedAt) ? { leafId: value.leafId, updatedAt: value.updatedAt } : undefined;
}

/** The document when every field search uses is already what the parse would produce; else undefined. */
function currentShapeDocument(id: string, chat: Record<string, unknown>): SearchDocument | undefined {
  const { chatTitle, updatedAt, archivedAt, deletedAt, messages } = chat;
  if (typeof chatTitle !== 'string' || !isTimestamp(updatedAt)) return undefined;
  if (!isOptionalTimestamp(archivedAt) || !isOptionalTimestamp(deletedAt)) return undefined;
  if (!Array.isArray(messages)) return undefined;
  const selectedPath = selectedPathField(chat.selectedPath);
  if (selectedPath === undefined) return undefined;
  const texts: { id: string; text: string }[] = [];
  // What the message tree reads (SE3c: which messages the chat shows), as the parse would give it.
  const tree: Pick<Message, 'id' | 'parentId' | 'createdAt' | 'deletedAt'>[] = [];
  const seenIds = new Set<string>();
  for (const message of messages) {
    // A message without a usable id gets a derived one, one with a bad role is dropped: the parse knows how.
    if (!isRawRecord(message) || !ROLES.has(message.role)) return undefined;
    const messageId = message.id;
    if (typeof messageId !== 'string' || messageId === '' || seenIds.has(messageId)) return undefined;
    seenIds.add(messageId);
    // Unlinked messages (BR7), odd times or tombstone marks: the parse links and normalises them.
    const { parentId, createdAt } = message;
    if (parentId !== null && typeof parentId !== 'string') return undefined;
    if (!isTimestamp(createdAt) || !isOptionalTimestamp(message.deletedAt ?? null)) return undefined;
    tree.push({
      id: messageId,
      parentId,
      createdAt,
      deletedAt: (message.deletedAt as string | null) ?? null,
    });
    const text = contentText(message.content);
    if (text === undefined) return undefined;
    if (text !== '' && SEARCHED_ROLES.has(message.role as MessageRole)) texts.push({ id: messageId, text });
  }
  // The tree reads only these fields of a message.
  const shown = shownMessageIds({ messages: tree as Message[], selectedPath });
  const searchable: SearchableMessage[] = texts.map(({ id, text }) => searchableMessage(id, text, shown));
  return {
    id,
    title: chatTitle,
    updatedAt,
    archived: archivedAt !== null,
    deleted: deletedAt !== null,
    messages: searchable,
  };
}
