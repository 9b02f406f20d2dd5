import { z } from 'zod/mini';
import type { Clock, IdGenerator } from '../platform';
import { isoNow, stableHash } from '../platform';
import { CharacterSchema, safeParseCharacter } from './character';
import { ChatModelSettingsSchema, parseChatModelSettingsField } from './chat-model-settings';
import { CHAT_ID_PREFIX, DEFAULT_CHAT_TITLE, DEFAULT_MODEL_ID, MESSAGE_ID_PREFIX } from './defaults';
import { defineEntity, isRawRecord, parseEachElement, schemaVersionField } from './entity-parser';
import type { FieldContext, RawRecord } from './entity-parser';
import { isParsedMessage, MessageSchema, safeParseMessage } from './message';
import { linkUnlinkedMessages } from './message-links';
import type { Message } from './message';
import { withoutSecretRowValues } from './model-snapshot';
import { currentModelIdOf, currentModelInfo } from './retired-values';
import { parseTags, TagSchema } from './tag';
import { optionalTimestampField, timestampField, toIsoTimestamp } from './timestamps';

// The chat's model settings are part of this entity; their schema lives beside it.
export * from './chat-model-settings';

/**
 * A chat holds its messages; the store keeps it as a head row plus a row per message (storage SPEC
 * MR) and the sidebar reads the derived ChatSummary instead. `id` and `chatID` always hold the same value: `chatID` is the name
 * older exports and the sync protocol use.
 */
export const CHAT_SCHEMA_VERSION = 9;

/**
 * BR2: the path through the message tree the user sees and sends, named by its last message, with
 * its own clock: it merges last-writer-wins apart from the other chat-level fields (MG12).
 */
export const SelectedPathSchema = z.object({
  leafId: z.string().check(z.minLength(1)),
  updatedAt: timestampField,
});
export type SelectedPath = z.infer<typeof SelectedPathSchema>;

/**
 * MC5: answers several models gave one question, shown side by side until the user picks one: the
 * question, then each column's answer and its model, in column order. Kept with the chat so the
 * columns come back after a reload (and on another device); null when none is open.
 */
export const ChatComparisonSchema = z.object({
  parentId: z.string().check(z.minLength(1)),
  columns: z
    .array(z.object({ messageId: z.string().check(z.minLength(1)), model: z.string().check(z.minLength(1)) }))
    .check(z.minLength(1)),
});
export type ChatComparison = z.infer<typeof ChatComparisonSchema>;

const chatShape = {
  schemaVersion: schemaVersionField,
  id: z.string().check(z.minLength(1)),
  chatID: z.string().check(z.minLength(1)),
  chatTitle: z._default(z.string(), DEFAULT_CHAT_TITLE),
  folderID: z._default(z.nullable(z.string()), null),
  /** The project the chat belongs to (decision 0104); null: none. Independent of its folder. */
  projectId: z._default(z.nullable(z.string().check(z.minLength(1))), null),
  model: z._default(z.string(), DEFAULT_MODEL_ID),
  /** Snapshot of the model descriptor when the chat was made; parse with ModelDescriptorSchema to use it. */
  modelInfo: z._default(z.nullable(z.record(z.string(), z.unknown())), null),
  createdAt: timestampField,
  updatedAt: timestampField,
  deletedAt: optionalTimestampField,
  /** Null until the chat has been synced. */
  syncedAt: optionalTimestampField,
  favoritedAt: optionalTimestampField,
  archivedAt: optionalTimestampField,
  documentText: z._default(z.nullable(z.string()), null),
  /** Null means the default system message from settings. */
  systemMessage: z._default(z.nullable(z.string()), null),
  /** The chat's own model settings over the synced defaults; absent means all defaults (RQ2). */
  modelSettings: z.optional(ChatModelSettingsSchema),
  /** Every message of every branch, in chat order (MG2); `parentId` makes them a tree (BR1). */
  messages: z._default(z.array(MessageSchema), () => []),
  /** Null: the newest path (BR3). */
  selectedPath: z._default(z.nullable(SelectedPathSchema), null),
  /** The answers shown side by side until one is picked (MC5); null: none. */
  comparison: z._default(z.nullable(ChatComparisonSchema), null),
  character: z._default(z.nullable(CharacterSchema), null),
  tags: z._default(z.array(TagSchema), () => []),
  /** Example chats seeded on first run; never synced. */
  isExample: z._default(z.boolean(), false),
  /** Ids of the plugins this chat may use; null: every globally enabled plugin (chatPlugins). */
  pluginIds: z._default(z.nullable(z.array(z.string())), null),
  /** Ids of the MCP servers this chat may use; null: every enabled server (MC7). */
  mcpServerIds: z._default(z.nullable(z.array(z.string())), null),
  /** EN27: read this chat's answers aloud (true) or not (false); null: as Voice settings say. */
  autoRead: z._default(z.nullable(z.boolean()), null),
};

export const ChatSchema = z.object(chatShape);
export type Chat = z.infer<typeof ChatSchema>;

/**
 * Old messages have no id. Derive one from the chat id, the position and the content so that two
 * devices migrating the same data agree on it (sync merges messages by id).
 */
export function legacyMessageId(chatId: string, index: number, content: unknown): string {
  return `${MESSAGE_ID_PREFIX}${stableHash(`${chatId}\u0000${index}\u0000${JSON.stringify(content ?? null)}`)}`;
}

function legacyMessageTime(chatCreatedAt: unknown, index: number): unknown {
  const iso = toIsoTimestamp(chatCreatedAt ?? 0);
  const ms = typeof iso === 'string' ? Date.parse(iso) : Number.NaN;
  return Number.isNaN(ms) ? chatCreatedAt : new Date(ms + index).toISOString();
}

function parseMessages(value: unknown, ctx: FieldContext): Message[] {
  const chatId = typeof ctx.record.id === 'string' ? ctx.record.id : '';
  const seenIds = new Set<string>();
  const parsed = parseEachElement(value, 'messages', ctx, (element, index) => {
    if (isParsedMessage(element) && !seenIds.has(element.id)) {
      seenIds.add(element.id);
      return { success: true, data: element, issues: [] };
    }
    if (!isRawRecord(element)) return safeParseMessage(element);
    const hasUsableId = typeof element.id === 'string' && element.id !== '' && !seenIds.has(element.id);
    // The message's parse copies it anyway: it is copied here only when something must be filled in.
    let raw: RawRecord = element;
    if (!hasUsableId || element.createdAt == null || element.updatedAt == null) {
      raw = { ...element };
      if (!hasUsableId) raw.id = legacyMessageId(chatId, index, raw.content);
      // Old messages have no time of their own: spread them 1 ms apart from the chat's creation so
      // their order survives merges that sort by createdAt (ids are hashes and would scramble them).
      raw.createdAt ??= legacyMessageTime(ctx.record.createdAt, index);
      raw.updatedAt ??= raw.createdAt;
    }
    const result = safeParseMessage(raw);
    if (result.success) seenIds.add(result.data.id);
    return result;
  });
  return linkMessages(parsed, ctx);
}

/**
 * BR7 (the v3 step, and messages an older app added since): unlinked messages become one path. A
 * chat this fails on keeps its messages as they were, reported; the tree reads unlinked messages
 * the same way, so nothing is dropped or hidden.
 */
function linkMessages(messages: Message[], ctx: FieldContext): Message[] {
  try {
    return linkUnlinkedMessages(messages);
  } catch (error) {
    ctx.report('messages', `could not link the messages into a tree: ${String(error)}`);
    return messages;
  }
}

function parseSelectedPath(value: unknown, ctx: FieldContext): SelectedPath | null {
  if (value === undefined || value === null) return null;
  const result = SelectedPathSchema.safeParse(value);
  if (result.success) return result.data;
  ctx.report('selectedPath', 'expected { leafId, updatedAt }; the newest path is shown');
  return null;
}

function parseComparison(value: unknown, ctx: FieldContext): ChatComparison | null {
  if (value === undefined || value === null) return null;
  const result = ChatComparisonSchema.safeParse(value);
  if (result.success) return result.data;
  ctx.report(
    'comparison',
    'expected { parentId, columns: [{ messageId, model }] }; the answers show as versions',
  );
  return null;
}

function parseCharacterField(value: unknown, ctx: FieldContext): Chat['character'] {
  if (value === undefined || value === null) return null;
  const result = safeParseCharacter(value);
  for (const issue of result.issues) ctx.report(`character.${issue.path}`, issue.message);
  return result.success ? result.data : null;
}

export const chatEntity = defineEntity({
  name: 'chat',
  version: CHAT_SCHEMA_VERSION,
  shape: chatShape,
  keepUnknownFields: true,
  migrations: [
    {
      toVersion: 2,
      description: 'rename retired model ids and the retired Anthropic endpoint',
      up: (raw) => ({
        ...raw,
        model: currentModelIdOf(raw.model),
        modelInfo: currentModelInfo(raw.modelInfo),
      }),
    },
    {
      toVersion: 3,
      // The links need the final message ids (EN6 derives missing ones in the messages parser), so
      // the messages parser makes them (linkMessages); this step only starts with no selection.
      description: 'messages form a tree: a linear chat becomes one path (BR7)',
      up: (raw) => ({ ...raw, selectedPath: raw.selectedPath ?? null }),
    },
    {
      toVersion: 4,
      description: 'a chat may choose its plugins; older chats use the globally enabled ones',
      up: (raw) => ({ ...raw, pluginIds: Array.isArray(raw.pluginIds) ? raw.pluginIds : null }),
    },
    {
      toVersion: 5,
      description: 'a chat may choose its MCP servers; older chats use every enabled one',
      up: (raw) => ({ ...raw, mcpServerIds: Array.isArray(raw.mcpServerIds) ? raw.mcpServerIds : null }),
    },
    {
      toVersion: 6,
      // The new keys are optional: an older chat has none of them and reads exactly as it was stored
      // (every setting kept, the reasoning ones the synced defaults'); decision 0071.
      description: 'model settings may hold reasoning settings (effort, thinking budget, verbosity)',
      up: (raw) => raw,
    },
    {
      toVersion: 7,
      // Before this, the side-by-side view lived in the open tab only: an older chat has none open.
      description: 'a chat keeps the answers shown side by side until one is picked (MC5)',
      up: (raw) => ({ ...raw, comparison: raw.comparison ?? null }),
    },
    {
      toVersion: 8,
      // EN26: nothing is dropped or moved; an older chat is in no project.
      description: 'a chat may belong to a project',
      up: (raw) => ({ ...raw, projectId: raw.projectId ?? null }),
    },
    {
      toVersion: 9,
      // EN27: nothing is dropped; an older chat follows Voice settings.
      description: 'a chat may read its answers aloud, or not, whatever Voice settings say',
      up: (raw) => ({ ...raw, autoRead: typeof raw.autoRead === 'boolean' ? raw.autoRead : null }),
    },
  ],
  normalize: (raw) => {
    const id = typeof raw.id === 'string' && raw.id !== '' ? raw.id : raw.chatID;
    return { ...raw, id, chatID: id, modelInfo: withoutSecretRowValues(raw.modelInfo) };
  },
  fieldParsers: {
    messages: parseMessages,
    selectedPath: parseSelectedPath,
    comparison: parseComparison,
    character: parseCharacterField,
    modelSettings: parseChatModelSettingsField,
    tags: (value, ctx) => parseTags(value, 'tags', ctx),
  },
});

export const parseChat = chatEntity.parse;
export const safeParseChat = chatEntity.safeParse;

export function newChatId(ids: IdGenerator): string {
  return `${CHAT_ID_PREFIX}${ids.randomId()}`;
}

/** A fresh chat with a `ch-` id, stamped now. */
export function newChat(fields: Partial<Chat>, deps: { clock: Clock; ids: IdGenerator }): Chat {
  const now = isoNow(deps.clock);
  const id = fields.id ?? fields.chatID ?? newChatId(deps.ids);
  return parseChat({ createdAt: now, updatedAt: now, ...fields, id, chatID: id });
}
