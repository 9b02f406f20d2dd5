import { type Chat, type Message, type MessageContent, newChatId } from '../entities';
import { isoNow } from '../platform';
import type { MessageDeps } from './chat-messages';
import { isContextBoundary, isFailedEmptyAnswer, newContextBoundary, newMessageId } from './chat-messages';
import { deleteMessage as messageTombstone } from '../sync';
import {
  ancestorsOf,
  buildMessageTree,
  descendantsOf,
  latestLeafUnder,
  selectedPathOf,
} from './message-tree';

/**
 * What the chat's message and chat actions do to a chat (ED*, BR*, CX1). Pure: they return new
 * chats. Nothing here removes a message: versions stay as branches and deletions as tombstones, so
 * a copy of the chat elsewhere cannot bring anything back when they merge.
 */

function touched(chat: Chat, messages: Message[], deps: MessageDeps): Chat {
  return { ...chat, messages, updatedAt: isoNow(deps.clock) };
}

function selecting(chat: Chat, leafId: string, deps: MessageDeps): Chat {
  const now = isoNow(deps.clock);
  return { ...chat, selectedPath: { leafId, updatedAt: now }, updatedAt: now };
}

/** A message deleted by ED5 (or on another device) is a tombstone: on screen, in no rule. */
export function isDeletedMessage(message: Pick<Message, 'deletedAt'>): boolean {
  return typeof message.deletedAt === 'string';
}

/** BR2: the messages on the chat's selected path, root first. */
export function chatPath(chat: Pick<Chat, 'messages' | 'selectedPath'>): Message[] {
  return selectedPathOf(chat);
}

/**
 * BR5: the chat as the request of an answer to `parentId` sees it: its messages are that message
 * and its ancestors (one path), so every CX/RQ rule applies to that path only.
 */
export function chatUpTo(chat: Chat, parentId: string): Chat {
  return { ...chat, messages: ancestorsOf(buildMessageTree(chat.messages), parentId), selectedPath: null };
}

/** BR2: a new message at the end of the selected path (its parent the path's last), selected. */
export function appendToPath(chat: Chat, message: Message, deps: MessageDeps): Chat {
  const parentId = message.parentId === undefined ? (chatPath(chat).at(-1)?.id ?? null) : message.parentId;
  return selecting(touched(chat, [...chat.messages, { ...message, parentId }], deps), message.id, deps);
}

/** BR8: shows the version `messageId` (a sibling on the path): its newest conversation below. */
export function switchBranch(chat: Chat, messageId: string, deps: MessageDeps): Chat {
  const tree = buildMessageTree(chat.messages);
  if (!tree.byId.has(messageId)) return chat;
  return selecting(chat, latestLeafUnder(tree, messageId), deps);
}

/**
 * ED1: a new chat holding copies of the selected path up to and including `messageId` (other
 * branches and tombstones left out), under fresh ids. `title` is the fork's title (ED6).
 */
export function forkChat(chat: Chat, messageId: string, deps: MessageDeps, title?: string): Chat {
  const path = chatPath(chat);
  const at = path.findIndex((message) => message.id === messageId);
  const kept = at === -1 ? ancestorsOf(buildMessageTree(chat.messages), messageId) : path.slice(0, at + 1);
  const now = isoNow(deps.clock);
  const id = newChatId(deps.ids);
  let parentId: string | null = null;
  const messages = (kept.length > 0 ? kept : path).map((message) => {
    const copy = { ...message, id: newMessageId(deps.ids), parentId };
    parentId = copy.id;
    return copy;
  });
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
    messages,
    selectedPath: null,
    comparison: null,
  };
}

/** What an answer is asked for: the message it answers, and the chat to save before it streams. */
export interface AnswerTarget {
  readonly chat: Chat;
  /** The message the answer follows (its parent). */
  readonly parentId: string;
}

/**
 * ED8: the content of an edited message: the new text after the original's attachments (images,
 * documents), which the message editor does not show and an edit must not lose.
 */
export function withAttachmentsOf(original: MessageContent, text: string): MessageContent {
  const attached = Array.isArray(original) ? original.filter((part) => part.type !== 'text') : [];
  if (attached.length === 0) return text;
  return text === '' ? attached : [...attached, { type: 'text', text }];
}

/**
 * ED2: the edited text becomes a new user message beside the original (same parent), selected;
 * the original and everything under it stay as the other version; its attachments come along
 * when only text is given (ED8). Undefined unless a live user message.
 */
export function editAsBranch(
  chat: Chat,
  messageId: string,
  content: MessageContent,
  deps: MessageDeps,
): AnswerTarget | undefined {
  const tree = buildMessageTree(chat.messages);
  const target = tree.byId.get(messageId);
  if (!target || target.role !== 'user' || isDeletedMessage(target)) return undefined;
  const now = isoNow(deps.clock);
  const edited: Message = {
    ...target,
    id: newMessageId(deps.ids),
    parentId: tree.parentOf(messageId),
    content: typeof content === 'string' ? withAttachmentsOf(target.content, content) : content,
    createdAt: now,
    updatedAt: now,
  };
  delete edited.pinned;
  return { chat: appendToPath(chat, edited, deps), parentId: edited.id };
}

/** The last live user message of the selected path: the one ED3 answers again. */
export function lastUserMessage(chat: Chat): Message | undefined {
  return chatPath(chat).findLast((message) => message.role === 'user');
}

/**
 * ED3: the answer to the path's last user message is asked for again; the new one becomes a
 * sibling of the earlier answers, which stay. A failed answer without text (nothing to keep) is
 * deleted. Undefined when the path has no user message.
 */
export function regenerateTarget(chat: Chat, deps: MessageDeps): AnswerTarget | undefined {
  const path = chatPath(chat);
  const at = path.findLastIndex((message) => message.role === 'user');
  const question = path[at];
  if (!question) return undefined;
  const failed = path.slice(at + 1).filter(isFailedEmptyAnswer);
  let changed = chat;
  for (const message of failed) changed = deleteMessage(changed, message.id, deps);
  return { chat: changed, parentId: question.id };
}

/** ED4: no messages left; model, system message and settings stay. */
export function resetChat(chat: Chat, deps: MessageDeps): Chat {
  return { ...touched(chat, [], deps), selectedPath: null, comparison: null };
}

/** CX1: adds a boundary marker at the end of the path, unless it is empty or already ends with one. */
export function clearContext(chat: Chat, deps: MessageDeps): Chat {
  const last = chatPath(chat).at(-1);
  if (!last || isContextBoundary(last)) return chat;
  return appendToPath(chat, newContextBoundary(deps), deps);
}

/** What ED5 took away, for ED7's Undo. */
export interface DeletedBranch {
  /** The messages as they were: the one deleted first, then the ones under it. */
  readonly messages: readonly Message[];
  readonly selectedPath: Chat['selectedPath'];
}

/** ED5: the live messages `messageId` and everything under it, as ED5 would take them away. */
export function branchToDelete(chat: Chat, messageId: string): DeletedBranch | undefined {
  const target = chat.messages.find((message) => message.id === messageId);
  if (!target || isDeletedMessage(target)) return undefined;
  const below = descendantsOf(chat.messages, messageId).filter((message) => !isDeletedMessage(message));
  return { messages: [target, ...below], selectedPath: chat.selectedPath };
}

/**
 * ED5, BR4: the message and every message under it become tombstones (MG6) in their places, so a
 * copy of the chat on the server or another device cannot bring them back when they merge.
 */
export function deleteMessage(chat: Chat, messageId: string, deps: MessageDeps): Chat {
  const branch = branchToDelete(chat, messageId);
  if (!branch) return chat;
  const now = isoNow(deps.clock);
  const gone = new Set(branch.messages.map((message) => message.id));
  return touched(
    chat,
    chat.messages.map((message) => (gone.has(message.id) ? messageTombstone(message, now) : message)),
    deps,
  );
}

/**
 * ED7: Undo of ED5. A deletion never resurrects (MG6) and may already be on the server, so the
 * branch comes back as copies under new ids (links kept among them, same createdAt, so they keep
 * their places, MG2), each right after its tombstone; the selection comes back onto the copies.
 * Unchanged when the tombstones are gone (the chat was reset meanwhile).
 */
export function restoreDeletedMessages(chat: Chat, branch: DeletedBranch, deps: MessageDeps): Chat {
  const top = branch.messages[0];
  const present = new Set(chat.messages.filter(isDeletedMessage).map((message) => message.id));
  if (!top || !present.has(top.id)) return chat;
  const newIds = new Map(branch.messages.map((message) => [message.id, newMessageId(deps.ids)]));
  const now = isoNow(deps.clock);
  const copies = new Map<string, Message>();
  for (const message of branch.messages) {
    const parentId =
      message.parentId === undefined ? undefined : (newIds.get(message.parentId ?? '') ?? message.parentId);
    const copy: Message = { ...message, id: newIds.get(message.id)!, updatedAt: now };
    if (parentId !== undefined) copy.parentId = parentId;
    delete copy.deletedAt;
    copies.set(message.id, copy);
  }
  const messages = chat.messages.flatMap((message) => {
    const copy = copies.get(message.id);
    return copy ? [message, copy] : [message];
  });
  const restored = touched(chat, messages, deps);
  const leaf = branch.selectedPath?.leafId;
  const leafCopy = leaf === undefined ? undefined : newIds.get(leaf);
  if (leafCopy) return selecting(restored, leafCopy, deps);
  return branch.selectedPath
    ? { ...restored, selectedPath: { ...branch.selectedPath, updatedAt: now } }
    : restored;
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

/**
 * Appends a message, or replaces the one with the same id (a streaming answer saved again). An
 * answer (a message with a parent given) is selected when it is first added (BR2).
 */
export function upsertMessage(chat: Chat, message: Message, deps: MessageDeps): Chat {
  const at = chat.messages.findIndex((existing) => existing.id === message.id);
  if (at === -1) {
    return message.parentId === undefined
      ? appendToPath(chat, message, deps)
      : selecting(touched(chat, [...chat.messages, message], deps), message.id, deps);
  }
  const messages = chat.messages.slice();
  messages[at] = message;
  return touched(chat, messages, deps);
}
