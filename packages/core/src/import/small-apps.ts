import { chain, readOpenAIContent, roleOf } from './linear';
import type { LinearEntry } from './linear';
import type { FormatOutput, ReadContext } from './read-context';
import { eachItem, emptyOutput } from './read-context';
import type { DraftChat } from './types';
import { countSkip } from './types';
import { arr, fromDateText, fromMillis, idOf, isObj, num, str } from './values';
import type { Obj } from './values';

export const chatLabel = (item: unknown, index: number) => {
  const title = isObj(item) ? (str(item.title) ?? str(item.name) ?? str(item.topic)) : undefined;
  return `chat ${index + 1}${title ? ` (${title})` : ''}`;
};

/** A leading system message becomes the chat's system prompt (BetterChatGPT, NextChat single chat). */
function linearChat(
  sourceId: string,
  title: string | null,
  list: unknown[],
  extra: Partial<DraftChat>,
): DraftChat {
  let systemMessage: string | null = extra.systemMessage ?? null;
  const entries: LinearEntry[] = list.map((raw, position) => {
    const message: Obj = isObj(raw) ? raw : {};
    const role = roleOf(message.role);
    const content = readOpenAIContent(message.content);
    const leadingSystem = role === 'system' && position === 0 && typeof content === 'string';
    if (leadingSystem && systemMessage === null) systemMessage = content;
    return {
      sourceId: idOf(message.id) ?? `position-${position}`,
      role,
      content,
      createdAt: fromDateText(message.date),
      model: str(message.model),
      skip: leadingSystem ? 'hidden' : undefined,
    };
  });
  return {
    createdAt: null,
    updatedAt: null,
    ...extra,
    sourceId,
    title,
    systemMessage,
    messages: chain(entries),
  };
}

/** NextChat backup (IM21): sessions of `chat-next-web-store`; `access-control` holds keys, never read. */
export function readNextChat(json: Obj, ctx: ReadContext): FormatOutput {
  const out = emptyOutput();
  if (isObj(json['access-control'])) countSkip(ctx.skipped, 'secrets');
  const store = isObj(json['chat-next-web-store']) ? json['chat-next-web-store'] : {};
  out.chats = eachItem(arr(store.sessions) ?? [], chatLabel, ctx, (item, index) => {
    if (!isObj(item)) throw new Error('not an object');
    const messages = arr(item.messages) ?? [];
    if (messages.length === 0) {
      countSkip(ctx.skipped, 'noMessages');
      return null;
    }
    const mask = isObj(item.mask) ? item.mask : {};
    const context = (arr(mask.context) ?? [])
      .filter(isObj)
      .map((m) => str(m.content) ?? '')
      .filter(Boolean);
    const config = isObj(mask.modelConfig) ? mask.modelConfig : {};
    return linearChat(idOf(item.id) ?? `index-${index}`, str(item.topic) ?? null, messages, {
      updatedAt: fromMillis(item.lastUpdate),
      model: str(config.model) ?? null,
      systemMessage: context.length > 0 ? context.join('\n\n') : null,
    });
  });
  const prompts =
    isObj(json['prompt-store']) && isObj(json['prompt-store'].prompts) ? json['prompt-store'].prompts : {};
  for (const [key, prompt] of Object.entries(prompts)) {
    if (isObj(prompt))
      out.prompts.push({
        sourceId: idOf(prompt.id) ?? key,
        fields: { title: prompt.title, content: prompt.content, createdAt: prompt.createdAt },
      });
  }
  return out;
}

/** NextChat single-chat JSON `{ messages }`: no id of its own, so the content names it. */
export function readNextChatSingle(json: Obj, sourceId: string): FormatOutput {
  const out = emptyOutput();
  out.chats.push(linearChat(sourceId, null, arr(json.messages) ?? [], {}));
  return out;
}

/** BetterChatGPT (IM22): V1 `{ version: 1, chats, folders }` or a legacy bare array of chats. */
export function readBetterChatGPT(chats: unknown[], folders: unknown, ctx: ReadContext): FormatOutput {
  const out = emptyOutput();
  const folderMap = isObj(folders) ? folders : {};
  const byName = new Map<string, string>();
  for (const [key, folder] of Object.entries(folderMap)) {
    if (!isObj(folder)) continue;
    const id = idOf(folder.id) ?? key;
    out.folders.push({ sourceId: id, title: str(folder.name) ?? '', order: num(folder.order) });
    byName.set(str(folder.name) ?? '', id);
  }
  out.chats = eachItem(chats, chatLabel, ctx, (item, index) =>
    readBetterChatGPTChat(item, index, folderMap, byName),
  );
  return out;
}

/** One BetterChatGPT chat; a legacy bare array has no folders (`folderMap` empty). */
export function readBetterChatGPTChat(
  item: unknown,
  index: number,
  folderMap: Obj = {},
  byName: ReadonlyMap<string, string> = new Map(),
): DraftChat {
  if (!isObj(item)) throw new Error('not an object');
  const messages = arr(item.messages);
  if (!messages) throw new Error('messages is not a list');
  const config = isObj(item.config) ? item.config : {};
  // A legacy export names the folder instead of giving its id: match either.
  const folder = str(item.folder);
  const folderSourceId = folder ? (folderMap[folder] ? folder : byName.get(folder)) : undefined;
  return linearChat(idOf(item.id) ?? `index-${index}`, str(item.title) ?? null, messages, {
    model: str(config.model) ?? null,
    folderSourceId: folderSourceId ?? null,
  });
}

/** chatbot-ui legacy (IM23): V1 a bare array, V2–V4 `{ history, folders, prompts }`; the system prompt is `prompt`. */
export function readChatbotUI(
  history: unknown[],
  folders: unknown,
  prompts: unknown,
  ctx: ReadContext,
): FormatOutput {
  const out = emptyOutput();
  for (const folder of arr(folders) ?? []) {
    if (isObj(folder) && idOf(folder.id) && folder.type !== 'prompt')
      out.folders.push({ sourceId: idOf(folder.id)!, title: str(folder.name) ?? '' });
  }
  out.chats = eachItem(history, chatLabel, ctx, readChatbotUIChat);
  for (const prompt of arr(prompts) ?? []) {
    if (isObj(prompt) && idOf(prompt.id))
      out.prompts.push({
        sourceId: idOf(prompt.id)!,
        fields: { title: prompt.name, content: prompt.content },
      });
  }
  return out;
}

/** One chatbot-ui conversation (IM23). */
export function readChatbotUIChat(item: unknown, index: number): DraftChat {
  if (!isObj(item)) throw new Error('not an object');
  const messages = arr(item.messages);
  if (!messages) throw new Error('messages is not a list');
  const model = isObj(item.model) ? str(item.model.id) : str(item.model);
  return linearChat(idOf(item.id) ?? `index-${index}`, str(item.name) ?? null, messages, {
    model: model ?? null,
    systemMessage: str(item.prompt) ?? null,
    folderSourceId: idOf(item.folderId) ?? null,
  });
}
