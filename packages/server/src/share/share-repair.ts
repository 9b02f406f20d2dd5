import { SHARE_LIMITS, ShareDateSchema, SharedChatSchema, type SharedChat } from '@parley/core/sync-client';

/** The columns a stored snapshot falls back on. */
export type StoredShareRow = { chat_id: string; title: string; created_at: number | string };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isDate = (value: unknown): value is string => ShareDateSchema.safeParse(value).success;
/** A non-empty string cut to `max` characters, else null. */
const text = (value: unknown, max: number): string | null =>
  typeof value === 'string' && value !== '' ? value.slice(0, max) : null;

/**
 * SL10: what a snapshot stored before the strict schema (SL8) still holds that the page can show,
 * as a snapshot that passes it: unknown fields dropped, strings cut to their bounds, a chat date
 * that is not one replaced by the time the link was made, a message date by none, and entries that
 * are not user or assistant text left out. Null only when no message is left.
 */
export function repairSharedChat(data: string, row: StoredShareRow): SharedChat | null {
  let stored: unknown;
  try {
    stored = JSON.parse(data);
  } catch {
    stored = undefined;
  }
  const chat = isRecord(stored) ? stored : {};
  const messages = (Array.isArray(chat.messages) ? chat.messages : [])
    .flatMap((message: unknown) => {
      if (!isRecord(message)) return [];
      const { role, content } = message;
      if ((role !== 'user' && role !== 'assistant') || typeof content !== 'string') return [];
      return [
        {
          role,
          content: content.slice(0, SHARE_LIMITS.content),
          model: text(message.model, SHARE_LIMITS.model),
          createdAt: isDate(message.createdAt) ? message.createdAt : null,
        },
      ];
    })
    .slice(0, SHARE_LIMITS.messages);
  const repaired = SharedChatSchema.safeParse({
    chatId: text(chat.chatId, SHARE_LIMITS.chatId) ?? (text(row.chat_id, SHARE_LIMITS.chatId) || 'chat'),
    title:
      typeof chat.title === 'string'
        ? chat.title.slice(0, SHARE_LIMITS.title)
        : row.title.slice(0, SHARE_LIMITS.title),
    model: text(chat.model, SHARE_LIMITS.model),
    createdAt: isDate(chat.createdAt) ? chat.createdAt : new Date(Number(row.created_at)).toISOString(),
    messages,
  });
  return repaired.success ? repaired.data : null;
}
