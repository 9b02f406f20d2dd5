import type { DraftMessage } from './types';
import type { FormatOutput, ReadContext } from './read-context';
import { emptyOutput } from './read-context';
import { arr, fromDateText, idOf, isObj, str } from './values';
import type { Obj } from './values';

const ROOT = '00000000-0000-0000-0000-000000000000';

function textOf(message: Obj): { text: string; reasoning: string } {
  let text = '';
  let reasoning = '';
  for (const part of arr(message.content) ?? []) {
    if (!isObj(part)) continue;
    if (part.type === 'text') text += (isObj(part.text) ? str(part.text.value) : str(part.text)) ?? '';
    if (part.type === 'think') reasoning += str(part.think) ?? '';
  }
  return { text: text || (str(message.text) ?? ''), reasoning };
}

/** Flattens a recursive export (`children` on each message) into one list. */
function flatten(list: unknown[]): Obj[] {
  const out: Obj[] = [];
  const stack = [...list].reverse();
  while (stack.length > 0) {
    const next = stack.pop();
    if (!isObj(next)) continue;
    out.push(next);
    stack.push(...[...(arr(next.children) ?? [])].reverse());
  }
  return out;
}

/** LibreChat conversation export (IM20): a flat or recursive tree, no active-leaf pointer. */
export function readLibreChat(json: Obj, ctx: ReadContext): FormatOutput {
  const out = emptyOutput();
  const options = isObj(json.options) ? json.options : {};
  const list = flatten(arr(json.messages) ?? arr(json.messagesTree) ?? []);
  const messages: DraftMessage[] = list.map((message, position) => {
    const { text, reasoning } = textOf(message);
    const parent = idOf(message.parentMessageId);
    const files = arr(message.files) ?? [];
    if (files.length > 0) ctx.onLoss(files.length);
    return {
      sourceId: idOf(message.messageId) ?? `position-${position}`,
      parentSourceId: parent && parent !== ROOT ? parent : null,
      role: message.isCreatedByUser === true ? 'user' : 'assistant',
      content: text,
      createdAt: fromDateText(message.createdAt),
      model: str(message.model),
      reasoning: reasoning || undefined,
      skip: text === '' ? 'empty' : undefined,
    };
  });
  out.chats.push({
    sourceId: idOf(json.conversationId)!,
    title: str(json.title) ?? null,
    createdAt: null,
    updatedAt: fromDateText(json.exportAt),
    model: str(options.model) ?? null,
    systemMessage: str(options.promptPrefix) ?? null,
    messages,
  });
  return out;
}
