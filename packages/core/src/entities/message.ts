import { z } from 'zod/mini';
import { defineEntity, isRawRecord, parseEachElement, schemaVersionField, zodElement } from './entity-parser';
import type { FieldContext } from './entity-parser';
import { timestampField, toIsoTimestamp } from './timestamps';
import { currentModelIdOf } from './retired-values';

export const MESSAGE_SCHEMA_VERSION = 2;

export const messageRoles = ['system', 'user', 'assistant', 'function', 'tool'] as const;
export type MessageRole = (typeof messageRoles)[number];

export const TextPartSchema = z.object({ type: z.literal('text'), text: z.string() });
/** An uploaded document turned into text; `metadata.name` is the file name shown on the chip. */
export const TextFilePartSchema = z.object({
  type: z.literal('tm_text_file'),
  text: z.string(),
  metadata: z.looseObject({ name: z._default(z.string(), '') }),
});
/**
 * A picture. `metadata.name` (the file name shown on the chip) was added without a version step: it
 * is optional, so parts written before it read unchanged and show a generic name.
 */
export const ImagePartSchema = z.object({
  type: z.literal('image_url'),
  image_url: z.looseObject({ url: z.string() }),
  metadata: z.optional(z.looseObject({ name: z.string() })),
});
export const MessagePartSchema = z.discriminatedUnion('type', [
  TextPartSchema,
  TextFilePartSchema,
  ImagePartSchema,
]);
export type MessagePart = z.infer<typeof MessagePartSchema>;
export type MessageContent = string | null | MessagePart[];

export const TokenUsageSchema = z.object({
  prompt_tokens: z._default(z.number().check(z.nonnegative()), 0),
  completion_tokens: z._default(z.number().check(z.nonnegative()), 0),
  total_tokens: z._default(z.number().check(z.nonnegative()), 0),
  /** USD the provider reported for the call itself (OpenRouter's `usage.cost`); else priced by tokens. */
  cost: z.optional(z.number().check(z.nonnegative())),
});
export type TokenUsage = z.infer<typeof TokenUsageSchema>;

/** A plugin offered to the model, as listed on a system message. */
export const MessagePluginSchema = z.looseObject({
  id: z.string(),
  title: z._default(z.string(), ''),
  emoji: z._default(z.string(), ''),
});

export const FunctionCallSchema = z.object({ name: z.string(), arguments: z._default(z.string(), '') });
export const ToolCallSchema = z.looseObject({
  id: z.string(),
  type: z._default(z.literal('function'), 'function'),
  function: FunctionCallSchema,
});

/** What the user sees of a tool result besides its text (tools SPEC TL7). */
export const ToolDisplaySchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('markdown'), markdown: z.string() }),
  z.object({ kind: z.literal('html'), html: z.string() }),
  z.object({
    kind: z.literal('cards'),
    cards: z.array(
      z.object({
        title: z.string(),
        text: z.optional(z.string()),
        url: z.optional(z.string()),
        imageUrl: z.optional(z.string()),
      }),
    ),
  }),
]);

/**
 * How a tool call ran, on its `function` result message (tools SPEC TL6): the step view shows it
 * after a reload exactly as it was shown live. Never sent to a model.
 */
export const ToolRunSchema = z.object({
  status: z.enum(['ok', 'error', 'stopped']),
  durationMs: z._default(z.number().check(z.nonnegative()), 0),
  /** The call's arguments text as the model sent them (valid JSON or not). */
  arguments: z._default(z.string(), ''),
  origin: z.optional(
    z.object({
      kind: z.string(),
      id: z.string(),
      title: z._default(z.string(), ''),
      emoji: z.optional(z.string()),
    }),
  ),
  display: z.optional(ToolDisplaySchema),
});
export type ToolRun = z.infer<typeof ToolRunSchema>;

/** A failed answer keeps the error it ended with, so the chat can show it after a reload. */
export const MessageErrorSchema = z.object({ code: z.string(), message: z._default(z.string(), '') });

const messageShape = {
  schemaVersion: schemaVersionField,
  id: z.string().check(z.minLength(1)),
  /**
   * The message this one answers or follows: messages form a tree (chat SPEC BR1). Null for a
   * root; absent only on messages written before chats were trees (the chat parse links those).
   */
  parentId: z.optional(z.nullable(z.string())),
  role: z.enum(messageRoles),
  content: z._default(z.union([z.string(), z.null(), z.array(MessagePartSchema)]), null),
  plugins: z.optional(z.array(MessagePluginSchema)),
  originalContent: z.optional(z.nullable(z.string())),
  type: z.optional(z.enum(['character-welcome-message', 'tool-response'])),
  model: z.optional(z.nullable(z.string())),
  usage: z.optional(z.nullable(TokenUsageSchema)),
  titleUsage: z.optional(z.nullable(TokenUsageSchema)),
  finish: z.optional(z.nullable(z.string())),
  /**
   * The reasoning a model showed before its answer (DeepSeek `reasoning_content`, thinking blocks,
   * Gemini thought summaries): shown folded above the answer, never sent back to the model.
   */
  reasoning: z.optional(z.string()),
  keywords: z.optional(z.array(z.string())),
  function_call: z.optional(FunctionCallSchema),
  tool_calls: z.optional(z.array(ToolCallSchema)),
  name: z.optional(z.string()),
  tool_call_id: z.optional(z.string()),
  toolRun: z.optional(ToolRunSchema),
  pinned: z.optional(z.boolean()),
  /**
   * Clear Context (chat SPEC CX1): this message is a boundary marker, a system-role message without
   * content; the messages before the last marker are not sent. Only markers may carry the flag.
   */
  contextBoundary: z.optional(z.boolean()),
  error: z.optional(z.nullable(MessageErrorSchema)),
  /**
   * On a copy synced by a device that does not sync attachments (sync-client SC8): how many
   * attached parts (images, documents) it left out, so this device can say they exist.
   */
  attachmentsLeftOut: z.optional(z.number().check(z.int(), z.positive())),
  createdAt: timestampField,
  updatedAt: timestampField,
  /** A deleted message stays as a tombstone so sync never brings it back (sync MG rules). */
  deletedAt: z.optional(z.pipe(z.transform(toIsoTimestamp), z.nullable(z.string()))),
};

export const MessageSchema = z.object(messageShape);
export type Message = z.infer<typeof MessageSchema>;

function parseContent(value: unknown, ctx: FieldContext): MessageContent {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return parseEachElement(value, 'content', ctx, zodElement(MessagePartSchema));
  ctx.report('content', 'expected text, null or a list of parts');
  return null;
}

/** Function arguments are a JSON string on the wire; some exports stored the parsed object. */
function stringifyArguments(call: unknown): unknown {
  if (!isRawRecord(call) || typeof call.arguments === 'string' || call.arguments === undefined) return call;
  return { ...call, arguments: JSON.stringify(call.arguments) };
}

function hasContent(content: MessageContent): boolean {
  return content !== null && content.length > 0;
}

/**
 * A boundary flag on a message that is not an empty system message would hide the user's text from
 * the model and the screen: the flag is dropped (reported), the message kept as it is.
 */
function checkContextBoundary(message: Message, ctx: FieldContext): Message {
  if (message.contextBoundary !== true) return message;
  if (message.role === 'system' && !hasContent(message.content)) return message;
  ctx.report('contextBoundary', 'only a system message without content can be a context boundary');
  const kept = { ...message };
  delete kept.contextBoundary;
  return kept;
}

export const messageEntity = defineEntity({
  name: 'message',
  version: MESSAGE_SCHEMA_VERSION,
  shape: messageShape,
  keepUnknownFields: true,
  migrations: [
    {
      toVersion: 2,
      description: 'rename retired model ids',
      up: (raw) => {
        // Most messages name a current model (or none): they are not copied again.
        const model = currentModelIdOf(raw.model);
        return model === raw.model ? raw : { ...raw, model };
      },
    },
  ],
  normalize: (raw) => {
    const functionCall = stringifyArguments(raw.function_call);
    return functionCall === raw.function_call ? raw : { ...raw, function_call: functionCall };
  },
  fieldParsers: {
    content: parseContent,
    plugins: (value, ctx) =>
      value === undefined
        ? undefined
        : parseEachElement(value, 'plugins', ctx, zodElement(MessagePluginSchema)),
    keywords: (value, ctx) =>
      value === undefined ? undefined : parseEachElement(value, 'keywords', ctx, zodElement(z.string())),
  },
  finish: checkContextBoundary,
});

export const parseMessage = messageEntity.parse;

/**
 * Messages this parse produced without an issue. A chat is saved whole, so saving a 5,000-message
 * chat used to validate all 5,000 again although all but one came from an earlier parse: those are
 * taken as they are (the app treats messages as immutable values and makes new ones to change one).
 */
const cleanMessages = new WeakSet<object>();
let rememberingCleanMessages = true;

/**
 * Whether clean parses are remembered (above); on unless turned off. Only a process that never
 * hands a parsed message back to a parse, such as the sync server (each chat it parses comes off
 * the wire as JSON), turns it off: adding to the set costs more than the parse of a small
 * message, in CPU and in garbage collection of the set.
 */
export function rememberCleanMessages(on: boolean): void {
  rememberingCleanMessages = on;
}

export const safeParseMessage: typeof messageEntity.safeParse = (input) => {
  const result = messageEntity.safeParse(input);
  if (rememberingCleanMessages && result.success && result.issues.length === 0)
    cleanMessages.add(result.data);
  return result;
};

/**
 * Storage only: a message row this store wrote from a clean parse at the current schema version
 * (storage SPEC MR9) is that parse's output again once read back; it counts as parsed clean, so
 * opening a 10,000-message chat does not validate 10,000 messages it validated when it wrote them.
 * `value` must be a fresh object nobody else holds (a value just read from storage).
 */
export function adoptStoredCleanMessage(value: object): void {
  cleanMessages.add(value);
}

/** Whether `value` is a message object that came out of `safeParseMessage` clean (see above). */
export function isParsedMessage(value: unknown): value is Message {
  return typeof value === 'object' && value !== null && cleanMessages.has(value);
}

/** CX1: the message is a Clear Context marker (a deleted marker no longer is one). */
export function isContextBoundary(message: Pick<Message, 'contextBoundary' | 'deletedAt'>): boolean {
  return message.contextBoundary === true && !message.deletedAt;
}

/** The readable text of a message: the string content, or its text parts joined by blank lines. */
export function messageText(message: Pick<Message, 'content'>): string {
  const { content } = message;
  if (typeof content === 'string') return content;
  if (!content) return '';
  return content
    .filter((part) => part.type === 'text')
    .map((part) => part.text)
    .join('\n\n');
}
