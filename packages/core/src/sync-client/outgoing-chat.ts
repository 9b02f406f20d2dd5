import type { Chat, Folder, Message } from '../entities';

/** A record this device changed since it last synced it: never synced, or edited after (SC3). */
export function isPending(record: { updatedAt: string; syncedAt: string | null }): boolean {
  return record.syncedAt === null || record.updatedAt > record.syncedAt;
}

/**
 * The copy of a message that travels when attachments do not sync: text parts only, and 1 ms
 * older than the message, so the merge (MG3) always prefers a copy that still has its attachments:
 * this device's own, or another device's that syncs them (SC8). It says how many parts it lacks.
 */
export function stripAttachmentParts(message: Message): Message {
  const { content } = message;
  if (!Array.isArray(content) || content.every((part) => part.type === 'text')) return message;
  const kept = content.filter((part) => part.type === 'text');
  return {
    ...message,
    content: kept,
    // Other devices show a placeholder for what was left out (SC8).
    attachmentsLeftOut: content.length - kept.length,
    updatedAt: new Date(Date.parse(message.updatedAt) - 1).toISOString(),
  };
}

export function stripChatAttachments(chat: Chat): Chat {
  const needsStrip = chat.messages.some(
    (message) => Array.isArray(message.content) && message.content.some((part) => part.type !== 'text'),
  );
  return needsStrip ? { ...chat, messages: chat.messages.map(stripAttachmentParts) } : chat;
}

/**
 * Folder of each chat by the folders' own chat lists (`chatIDs`, older exports: `chats`), the
 * mapping older clients kept instead of a folderID on the chat (SC9).
 */
export function folderOfChats(folders: readonly Folder[]): Map<string, string> {
  const byChat = new Map<string, string>();
  for (const folder of folders) {
    if (folder.deletedAt !== null) continue;
    const raw = folder as Folder & { chatIDs?: unknown; chats?: unknown };
    const list = Array.isArray(raw.chatIDs) ? raw.chatIDs : Array.isArray(raw.chats) ? raw.chats : [];
    for (const entry of list) {
      const chatId = typeof entry === 'string' ? entry : (entry as { id?: unknown } | null)?.id;
      if (typeof chatId === 'string' && !byChat.has(chatId)) byChat.set(chatId, folder.id);
    }
  }
  return byChat;
}

/** The chat as it is sent: its folder filled in from the mapping, attachments stripped if asked. */
export function outgoingChat(chat: Chat, folders: ReadonlyMap<string, string>, attachments: boolean): Chat {
  const folderID = chat.folderID ?? folders.get(chat.id) ?? null;
  const withFolder = folderID === chat.folderID ? chat : { ...chat, folderID };
  return attachments ? withFolder : stripChatAttachments(withFolder);
}
