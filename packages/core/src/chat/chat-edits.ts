import type { Chat } from '../entities/chat';
import { newChatId } from '../entities/chat';
import type { Message, MessageContent } from '../entities/message';
import { isoNow } from '../platform/clock';
import type { MessageDeps } from './chat-messages';
import { isContextBoundary, newContextBoundary, newMessageId } from './chat-messages';
import { deleteMessage as messageTombstone } from '../sync/merge-message';

/** What the chat's message and chat actions do to a chat (ED*, CX1). Pure: they return new chats. */

function touched(chat: Chat, messages: Message[], deps: MessageDeps): Chat {
  return { ...chat, messages, updatedAt: isoNow(deps.clock) };
}

function indexOf(chat: Chat, messageId: string): number {
  return chat.messages.findIndex((message) => message.id === messageId);
}

/** A message deleted by ED5 (or on another device) is a tombstone: on screen, in no rule. */
export function isDeletedMessage(message: Pick<Message, 'deletedAt'>): boolean {
  return typeof message.deletedAt === 'string';
}

/**
 * ED1: a new chat holding copies of the messages up to and including `messageId` (tombstones left
 * out: under new ids they would mark nothing). `title` is the fork's title (ED6), else the same.
 */
export function forkChat(chat: Chat, messageId: string, deps: MessageDeps, title?: string): Chat {
  const at = indexOf(chat, messageId);
  const kept = (at === -1 ? chat.messages : chat.messages.slice(0, at + 1)).filter(
    (message) => !isDeletedMessage(message),
  );
  const now = isoNow(deps.clock);
  const id = newChatId(deps.ids);
  return {
    ...chat,
    id,
    chatID: id,
    chatTitle: title ?? chat.chatTitle,
    createdAt: now,
    updatedAt: now,
    deletedAt: null,
    syncedAt: null,
    favoritedAt: null,
    archivedAt: null,
    isExample: false,
    tags: chat.tags.map((tag) => ({ ...tag })),
    messages: kept.map((message) => ({ ...message, id: newMessageId(deps.ids) })),
  };
}

/** ED2: the user message gets new content and everything after it goes. Undefined if it is not a user message. */
export function editAndTruncate(
  chat: Chat,
  messageId: string,
  content: MessageContent,
  deps: MessageDeps,
): Chat | undefined {
  const at = indexOf(chat, messageId);
  const target = chat.messages[at];
  if (!target || target.role !== 'user') return undefined;
  const edited: Message = { ...target, content, updatedAt: isoNow(deps.clock) };
  return touched(chat, [...chat.messages.slice(0, at), edited], deps);
}

/** ED3: the chat up to its last user message; undefined when there is none. */
export function truncateForRegenerate(chat: Chat, deps: MessageDeps): Chat | undefined {
  for (let i = chat.messages.length - 1; i >= 0; i--) {
    const message = chat.messages[i];
    if (message?.role === 'user' && !isDeletedMessage(message)) {
      if (i === chat.messages.length - 1) return chat;
      return touched(chat, chat.messages.slice(0, i + 1), deps);
    }
  }
  return undefined;
}

/** The user message ED3 would answer again, if any. */
export function lastUserMessage(chat: Chat): Message | undefined {
  for (let i = chat.messages.length - 1; i >= 0; i--) {
    const message = chat.messages[i];
    if (message?.role === 'user' && !isDeletedMessage(message)) return message;
  }
  return undefined;
}

/** ED4: no messages left; model, system message and settings stay. */
export function resetChat(chat: Chat, deps: MessageDeps): Chat {
  return touched(chat, [], deps);
}

/** CX1: adds a boundary marker, unless the chat is empty or already ends with one. */
export function clearContext(chat: Chat, deps: MessageDeps): Chat {
  const last = chat.messages.at(-1);
  if (!last || isContextBoundary(last)) return chat;
  return touched(chat, [...chat.messages, newContextBoundary(deps)], deps);
}

/**
 * ED5: the message becomes a tombstone (MG6) in its place, so a copy of the chat on the server or
 * another device cannot bring it back when they merge.
 */
export function deleteMessage(chat: Chat, messageId: string, deps: MessageDeps): Chat {
  const target = chat.messages[indexOf(chat, messageId)];
  if (!target || isDeletedMessage(target)) return chat;
  const tombstone = messageTombstone(target, isoNow(deps.clock));
  return touched(
    chat,
    chat.messages.map((message) => (message.id === messageId ? tombstone : message)),
    deps,
  );
}

/**
 * ED7: Undo of ED5. A deletion never resurrects (MG6) and may already be on the server, so the
 * message comes back as a copy of `deleted` (as it was before ED5) under a new id, right after its
 * tombstone and with the same createdAt, so it keeps its place (MG2); the tombstone stays.
 * Unchanged when the tombstone is gone (the chat was reset meanwhile).
 */
export function restoreDeletedMessage(chat: Chat, deleted: Message, deps: MessageDeps): Chat {
  const at = indexOf(chat, deleted.id);
  if (at === -1 || !isDeletedMessage(chat.messages[at]!)) return chat;
  const copy: Message = { ...deleted, id: newMessageId(deps.ids), updatedAt: isoNow(deps.clock) };
  delete copy.deletedAt;
  return touched(chat, [...chat.messages.slice(0, at + 1), copy, ...chat.messages.slice(at + 1)], deps);
}

/** ED5 */
export function togglePinned(chat: Chat, messageId: string, deps: MessageDeps): Chat {
  const now = isoNow(deps.clock);
  return touched(
    chat,
    chat.messages.map((message) =>
      message.id === messageId ? { ...message, pinned: !message.pinned, updatedAt: now } : message,
    ),
    deps,
  );
}

/** Appends a message, or replaces the one with the same id (a streaming answer saved again). */
export function upsertMessage(chat: Chat, message: Message, deps: MessageDeps): Chat {
  const at = indexOf(chat, message.id);
  if (at === -1) return touched(chat, [...chat.messages, message], deps);
  const messages = chat.messages.slice();
  messages[at] = message;
  return touched(chat, messages, deps);
}
