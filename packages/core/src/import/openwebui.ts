import type { DraftChat, DraftMessage } from './types';
import type { FormatOutput, ReadContext } from './read-context';
import { eachItem, emptyOutput } from './read-context';
import { arr, fromAnyTime, idOf, isObj, str } from './values';
import type { Obj } from './values';

/** Reasoning and tool-call blocks some versions embed as HTML in the answer text. */
const DETAILS = /<details type="(reasoning|tool_calls)"[^>]*>([\s\S]*?)<\/details>/g;

function splitReasoning(content: string): { text: string; reasoning: string } {
  let reasoning = '';
  const text = content.replace(DETAILS, (_, type: string, body: string) => {
    if (type === 'reasoning') reasoning += body.replace(/<summary>[\s\S]*?<\/summary>/, '').trim();
    return '';
  });
  return { text: text.trim(), reasoning };
}

/**
 * Open WebUI (IM19): `history.messages` is the tree, `history.currentId` the visible leaf. Answers
 * of other models in a multi-model turn are parallel, not regenerations: kept as branches too.
 */
export function readOpenWebUIChat(item: unknown, index: number, ctx: ReadContext): DraftChat {
  if (!isObj(item)) throw new Error('not an object');
  const blob: Obj = isObj(item.chat) ? item.chat : item;
  const history = isObj(blob.history) ? blob.history : null;
  if (!history || !isObj(history.messages)) throw new Error('it has no history.messages');
  const messages: DraftMessage[] = [];
  for (const [key, raw] of Object.entries(history.messages)) {
    if (!isObj(raw)) continue;
    const role = raw.role === 'user' || raw.role === 'assistant' ? raw.role : null;
    const { text, reasoning } = splitReasoning(str(raw.content) ?? '');
    const files = arr(raw.files) ?? [];
    const lost = files.filter((f) => !(isObj(f) && str(f.url)?.startsWith('data:')));
    if (lost.length > 0) ctx.onLoss(lost.length);
    messages.push({
      sourceId: idOf(raw.id) ?? key,
      parentSourceId: idOf(raw.parentId) ?? null,
      role: role ?? 'system',
      content: text,
      createdAt: fromAnyTime(raw.timestamp),
      model: str(raw.model),
      reasoning: reasoning || undefined,
      skip: role === null ? 'toolTraffic' : text === '' ? 'empty' : undefined,
    });
  }
  const tags = [...(arr(isObj(item.meta) ? item.meta.tags : undefined) ?? []), ...(arr(blob.tags) ?? [])]
    .map((t) => (isObj(t) ? str(t.name) : str(t)))
    .filter((t): t is string => !!t);
  return {
    sourceId: idOf(item.id) ?? idOf(blob.id) ?? `index-${index}`,
    title: str(item.title) ?? str(blob.title) ?? null,
    createdAt: fromAnyTime(item.created_at) ?? fromAnyTime(blob.timestamp),
    updatedAt: fromAnyTime(item.updated_at),
    model: str(arr(blob.models)?.[0]) ?? null,
    systemMessage: str(blob.system) ?? null,
    tags: [...new Set(tags)],
    archived: item.archived === true,
    favorited: item.pinned === true,
    messages,
    visibleLeafSourceId: idOf(history.currentId) ?? null,
  };
}

export const openWebUILabel = (item: unknown, i: number) =>
  `chat ${i + 1}${isObj(item) && str(item.title) ? ` (${str(item.title)})` : ''}`;

export function readOpenWebUI(json: unknown[], ctx: ReadContext): FormatOutput {
  const out = emptyOutput();
  out.chats = eachItem(json, openWebUILabel, ctx, (item, i) => readOpenWebUIChat(item, i, ctx));
  return out;
}
