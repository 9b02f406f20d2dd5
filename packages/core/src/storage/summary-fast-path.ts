import { CHAT_SUMMARY_SCHEMA_VERSION, ChatSummarySchema } from '../entities';
import type { ChatSummary } from '../entities';

/**
 * The sidebar lists every summary at start (10,000 chats is a normal library), and a full parse of
 * each costs more than the read itself. Summaries are derived data this store wrote, so almost all
 * are already in the current shape: this check accepts exactly those, field by field, and everything
 * else (old versions, unknown fields, odd values) goes through the tolerant parse as before (ST7).
 */
const SUMMARY_FIELDS = new Set(Object.keys(ChatSummarySchema.shape));
const CHARACTER_FIELDS = ['id', 'avatarURL', 'title'];
// Canonical timestamps only (what toISOString writes); anything else is normalised by the parse.
const ISO_TIMESTAMP = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d:[0-5]\d\.\d{3}Z$/;

const isTimestamp = (value: unknown): boolean => typeof value === 'string' && ISO_TIMESTAMP.test(value);
const isOptionalTimestamp = (value: unknown): boolean => value === null || isTimestamp(value);
const isNullableString = (value: unknown): boolean => value === null || typeof value === 'string';
const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function isCharacter(value: unknown): boolean {
  if (value === null) return true;
  if (!isPlainObject(value)) return false;
  const keys = Object.keys(value);
  return (
    keys.length === CHARACTER_FIELDS.length &&
    keys.every((key) => CHARACTER_FIELDS.includes(key)) &&
    typeof value.id === 'string' &&
    isNullableString(value.avatarURL) &&
    typeof value.title === 'string'
  );
}

/** The stored value itself when it is a current, complete summary of record `id`; otherwise undefined. */
export function currentSummaryOrUndefined(id: string, value: unknown): ChatSummary | undefined {
  if (!isPlainObject(value)) return undefined;
  const keys = Object.keys(value);
  const v = value;
  // Summaries written before projects lack `projectId` (optional: their chats are in none).
  const fields = 'projectId' in v ? SUMMARY_FIELDS.size : SUMMARY_FIELDS.size - 1;
  if (keys.length !== fields || !keys.every((key) => SUMMARY_FIELDS.has(key))) return undefined;
  const ok =
    v.schemaVersion === CHAT_SUMMARY_SCHEMA_VERSION &&
    v.id === id &&
    v.chatID === id &&
    typeof v.title === 'string' &&
    isNullableString(v.folderID) &&
    (v.projectId === undefined || isNullableString(v.projectId)) &&
    typeof v.model === 'string' &&
    (v.modelInfo === null || isPlainObject(v.modelInfo)) &&
    isTimestamp(v.createdAt) &&
    isTimestamp(v.updatedAt) &&
    isOptionalTimestamp(v.deletedAt) &&
    isOptionalTimestamp(v.syncedAt) &&
    isOptionalTimestamp(v.favoritedAt) &&
    isOptionalTimestamp(v.archivedAt) &&
    typeof v.preview === 'string' &&
    isCharacter(v.character) &&
    Array.isArray(v.tags) &&
    v.tags.every((tag) => typeof tag === 'string') &&
    Number.isSafeInteger(v.messageCount) &&
    (v.messageCount as number) >= 0 &&
    typeof v.isExample === 'boolean';
  return ok ? (value as ChatSummary) : undefined;
}
