import type { MessageContent, MessagePart } from '../entities';
import { chain, roleOf } from './linear';
import type { FormatOutput, ReadContext } from './read-context';
import { eachItem, emptyOutput } from './read-context';
import { countSkip } from './types';
import type { DraftChat } from './types';
import { arr, fromDateText, idOf, isObj, num, str } from './values';
import type { Obj } from './values';

/** TypingMind parts: text and image_url carry over; uploaded files keep base64 or become placeholders. */
function readContent(value: unknown, ctx: ReadContext): MessageContent {
  if (typeof value === 'string' || value === null || value === undefined) return value ?? null;
  const parts: MessagePart[] = [];
  for (const part of arr(value) ?? []) {
    if (!isObj(part)) continue;
    const metadata = isObj(part.metadata) ? part.metadata : {};
    if (part.type === 'text' && typeof part.text === 'string') parts.push({ type: 'text', text: part.text });
    else if (part.type === 'image_url' && isObj(part.image_url) && str(part.image_url.url))
      parts.push({ type: 'image_url', image_url: { url: str(part.image_url.url)! } });
    else if (part.type === 'tm_image_file' && str(metadata.base64))
      parts.push({ type: 'image_url', image_url: { url: str(metadata.base64)! } });
    else if (part.type === 'tm_text_file' && typeof part.text === 'string')
      parts.push({ type: 'tm_text_file', text: part.text, metadata: { name: str(metadata.name) ?? '' } });
    else {
      ctx.onLoss(1);
      parts.push({ type: 'text', text: `[File not imported: ${str(metadata.name) ?? String(part.type)}]` });
    }
  }
  return parts;
}

function readChat(raw: unknown, ctx: ReadContext) {
  if (!isObj(raw)) throw new Error('not an object');
  const sourceId = idOf(raw.chatID) ?? idOf(raw.id);
  if (!sourceId) throw new Error('it has no chatID');
  if (raw.deletedAt) {
    countSkip(ctx.skipped, 'deleted');
    return null;
  }
  const messages = arr(raw.messages);
  if (raw.messages !== undefined && !messages) throw new Error('messages is not a list');
  const params = isObj(raw.chatParams) ? raw.chatParams : {};
  const entries = (messages ?? []).map((m, position) => {
    const message: Obj = isObj(m) ? m : {};
    const hidden = message.type === 'clear-context' || message.type === 'character-welcome-message';
    return {
      sourceId: idOf(message.uuid) ?? idOf(message.id) ?? `position-${position}`,
      role: roleOf(message.role),
      content: readContent(message.content, ctx),
      createdAt: fromDateText(message.createdAt),
      model: str(message.model),
      skip: hidden ? ('hidden' as const) : undefined,
    };
  });
  const tags = (arr(raw.tags) ?? [])
    .map((t) => (isObj(t) ? str(t.name) : str(t)))
    .filter((t): t is string => !!t);
  return {
    sourceId,
    title: str(raw.chatTitle) ?? str(raw.title) ?? null,
    createdAt: fromDateText(raw.createdAt),
    updatedAt: fromDateText(raw.updatedAt),
    model: str(raw.model) ?? null,
    systemMessage: str(params.systemMessage) ?? str(raw.systemMessage) ?? null,
    folderSourceId: idOf(raw.folderID) ?? null,
    tags,
    messages: chain(entries),
    archived: !!raw.archivedAt,
    favorited: !!raw.favoritedAt,
  };
}

const chatLabel = (item: unknown, index: number) =>
  `chat ${index + 1}${isObj(item) && str(item.chatTitle) ? ` (${str(item.chatTitle)})` : ''}`;

/**
 * One chat of a TypingMind backup's `data.chats` (the streaming reader reads them one at a time,
 * decision 0153); a bad one is a problem naming it (IM8), and null, as in readTypingMind.
 */
export function readTypingMindChat(item: unknown, index: number, ctx: ReadContext): DraftChat | null {
  try {
    return readChat(item, ctx);
  } catch (error) {
    ctx.problems.push({
      item: chatLabel(item, index),
      reason: error instanceof Error ? error.message : String(error),
    });
    return null;
  }
}

/**
 * TypingMind backup `{ data: { chats, folders, userPrompts, userCharacters } }` (IM18). Chunked
 * backups list chat files in `data.chats.chunks`; the caller passes those files' arrays in `chunks`.
 */
export function readTypingMind(json: Obj, ctx: ReadContext, chunks: readonly unknown[] = []): FormatOutput {
  const out = emptyOutput();
  const data = isObj(json.data) ? json.data : {};
  const chats = arr(data.chats) ?? chunks.flatMap((chunk) => arr(chunk) ?? []);
  out.chats = eachItem(chats, chatLabel, ctx, (item) => readChat(item, ctx));
  out.folders = eachItem(
    arr(data.folders) ?? [],
    (_, i) => `folder ${i + 1}`,
    ctx,
    (item) => {
      if (!isObj(item) || !idOf(item.id)) throw new Error('a folder needs an id');
      if (item.deletedAt) return null;
      return {
        sourceId: idOf(item.id)!,
        title: str(item.title) ?? str(item.name) ?? '',
        order: num(item.order),
      };
    },
  );
  const records = (list: unknown, kind: string) =>
    eachItem(
      arr(list) ?? [],
      (_, i) => `${kind} ${i + 1}`,
      ctx,
      (item) => {
        if (!isObj(item) || !idOf(item.id)) throw new Error(`a ${kind} needs an id`);
        if (item.deletedAt) return null;
        return { sourceId: idOf(item.id)!, fields: item };
      },
    );
  out.prompts = records(data.userPrompts, 'prompt');
  out.characters = records(data.userCharacters, 'agent');
  if (str(data.customSearchAPIKey)) countSkip(ctx.skipped, 'secrets');
  return out;
}
