import { type Chat, messageText } from '../entities';
import { selectedPathOf } from './message-tree';

/** What a share link holds (the same shape as the server's SharedChat, kept free of zod here). */
export interface ShareSnapshot {
  chatId: string;
  title: string;
  model: string | null;
  createdAt: string;
  messages: { role: 'user' | 'assistant'; content: string; model: string | null; createdAt: string | null }[];
}

/**
 * SL1: the chat as the user sees it: the selected path only, user and assistant turns with text
 * (attached files named, images noted), no system prompt, tool steps, welcome messages, context
 * markers or failed empty answers. Null when nothing is left to share.
 */
export function shareSnapshotOf(chat: Chat, now: string): ShareSnapshot | null {
  const messages: ShareSnapshot['messages'] = [];
  for (const message of selectedPathOf(chat)) {
    if (message.role !== 'user' && message.role !== 'assistant') continue;
    if (message.type === 'character-welcome-message') continue;
    const files = Array.isArray(message.content)
      ? message.content.flatMap((part) => {
          if (part.type === 'tm_text_file') return [`📎 ${part.metadata.name || 'file'}`];
          if (part.type === 'image_url') return ['🖼️'];
          return [];
        })
      : [];
    const text = [messageText(message), ...files].filter((piece) => piece.trim() !== '').join('\n\n');
    if (text === '') continue;
    messages.push({
      role: message.role,
      content: text,
      model: message.model ?? null,
      createdAt: message.createdAt ?? null,
    });
  }
  if (messages.length === 0) return null;
  return {
    chatId: chat.id,
    title: chat.chatTitle,
    model: chat.model ?? null,
    createdAt: now,
    messages,
  };
}
