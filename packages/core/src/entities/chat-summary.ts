import { z } from 'zod/mini';
import type { Chat } from './chat';
import { CHAT_PREVIEW_LENGTH } from './defaults';
import { defineEntity, schemaVersionField } from './entity-parser';
import { messageText } from './message';
import { optionalTimestampField, timestampField } from './timestamps';

/**
 * The light record the sidebar lists: everything but the messages. Always derived from a Chat by
 * summarizeChat and written in the same transaction, never edited on its own. `tags` holds tag
 * names so IndexedDB can index them (multi-entry).
 */
export const CHAT_SUMMARY_SCHEMA_VERSION = 1;

export const ChatSummaryCharacterSchema = z.object({
  id: z.string(),
  avatarURL: z.nullable(z.string()),
  title: z.string(),
});

const chatSummaryShape = {
  schemaVersion: schemaVersionField,
  id: z.string().check(z.minLength(1)),
  chatID: z.string().check(z.minLength(1)),
  title: z._default(z.string(), ''),
  folderID: z._default(z.nullable(z.string()), null),
  /**
   * The chat's project (decision 0104). Absent on summaries written before projects: their chats
   * were in none, and leaving it optional keeps them on the start-up fast path (EN23, ST7).
   */
  projectId: z.optional(z.nullable(z.string())),
  model: z._default(z.string(), ''),
  modelInfo: z._default(z.nullable(z.record(z.string(), z.unknown())), null),
  createdAt: timestampField,
  updatedAt: timestampField,
  deletedAt: optionalTimestampField,
  syncedAt: optionalTimestampField,
  favoritedAt: optionalTimestampField,
  archivedAt: optionalTimestampField,
  preview: z._default(z.string(), ''),
  character: z._default(z.nullable(ChatSummaryCharacterSchema), null),
  tags: z._default(z.array(z.string()), () => []),
  messageCount: z._default(z.number().check(z.int(), z.nonnegative()), 0),
  isExample: z._default(z.boolean(), false),
};

export const ChatSummarySchema = z.object(chatSummaryShape);
export type ChatSummary = z.infer<typeof ChatSummarySchema>;

export const chatSummaryEntity = defineEntity({
  name: 'chat summary',
  version: CHAT_SUMMARY_SCHEMA_VERSION,
  shape: chatSummaryShape,
  keepUnknownFields: false,
});

export const safeParseChatSummary = chatSummaryEntity.safeParse;

/** First 50 characters of the last user or assistant message's text. */
export function chatPreview(chat: Pick<Chat, 'messages'>): string {
  for (let i = chat.messages.length - 1; i >= 0; i--) {
    const message = chat.messages[i];
    // A deleted message (a tombstone, MG6) has no text to show.
    if (message && !message.deletedAt && (message.role === 'user' || message.role === 'assistant')) {
      return Array.from(messageText(message)).slice(0, CHAT_PREVIEW_LENGTH).join('');
    }
  }
  return '';
}

export function summarizeChat(chat: Chat): ChatSummary {
  return {
    schemaVersion: CHAT_SUMMARY_SCHEMA_VERSION,
    id: chat.id,
    chatID: chat.chatID,
    title: chat.chatTitle,
    folderID: chat.folderID,
    projectId: chat.projectId,
    model: chat.model,
    // Not copied: the sidebar never reads it, and a model descriptor in each of 10,000 summaries
    // made every cold start clone 10,000 of them (storage EN23). Older records may still hold one.
    modelInfo: null,
    createdAt: chat.createdAt,
    updatedAt: chat.updatedAt,
    deletedAt: chat.deletedAt,
    syncedAt: chat.syncedAt,
    favoritedAt: chat.favoritedAt,
    archivedAt: chat.archivedAt,
    preview: chatPreview(chat),
    character: chat.character
      ? { id: chat.character.id, avatarURL: chat.character.avatarURL, title: chat.character.title }
      : null,
    tags: chat.tags.map((tag) => tag.name),
    messageCount: chat.messages.length,
    isExample: chat.isExample,
  };
}
