import type { MessagePart } from '../entities';
import type { DraftChat, DraftMessage } from './types';
import { arr, fromDateText, idOf, isObj, str } from './values';
import type { Obj } from './values';

/** Claude's root sentinel: the first message's parent in exports that carry parent links. */
const ROOT_SENTINEL = /^0{8}-0{4}-[0-9a-f]0{3}-[0-9a-f]0{3}-0{12}$/;

function readMessage(
  message: Obj,
  onLoss: (count: number) => void,
): { parts: MessagePart[]; reasoning: string } {
  const parts: MessagePart[] = [];
  let reasoning = '';
  for (const block of arr(message.content) ?? []) {
    if (!isObj(block)) continue;
    if (block.type === 'text' && str(block.text)) parts.push({ type: 'text', text: str(block.text)! });
    if (block.type === 'thinking' && str(block.thinking))
      reasoning += (reasoning ? '\n\n' : '') + str(block.thinking);
  }
  // IM14: content first, then the flat text (older exports leave content empty).
  if (parts.length === 0 && str(message.text)) parts.push({ type: 'text', text: str(message.text)! });
  for (const attachment of arr(message.attachments) ?? []) {
    if (!isObj(attachment) || !str(attachment.extracted_content)) continue;
    parts.push({
      type: 'tm_text_file',
      text: str(attachment.extracted_content)!,
      metadata: { name: str(attachment.file_name) || 'pasted.txt' },
    });
  }
  const files = arr(message.files) ?? [];
  if (files.length > 0) {
    onLoss(files.length);
    for (const file of files) {
      const name = isObj(file) ? str(file.file_name) : undefined;
      parts.push({ type: 'text', text: `[File not imported: ${name ?? 'unnamed'}]` });
    }
  }
  return { parts, reasoning };
}

/**
 * Claude export (IM14, IM15): messages with `parent_message_uuid` form a tree (the all-zero
 * sentinel is the root); without it they are one line in file order. The visible leaf is
 * `current_leaf_message_uuid` when present, else the newest leaf.
 */
export function readClaudeConversation(
  conversation: Obj,
  index: number,
  onLoss: (count: number) => void,
): DraftChat {
  const list = (arr(conversation.chat_messages) ?? []).filter(isObj);
  const linked = list.some((m) => typeof m.parent_message_uuid === 'string');
  const messages: DraftMessage[] = list.map((message, position) => {
    const sourceId = idOf(message.uuid) ?? `position-${position}`;
    const rawParent = str(message.parent_message_uuid);
    const previous = position > 0 ? (idOf(list[position - 1]!.uuid) ?? `position-${position - 1}`) : null;
    const parentSourceId = linked
      ? rawParent && !ROOT_SENTINEL.test(rawParent)
        ? rawParent
        : null
      : previous;
    const { parts, reasoning } = readMessage(message, onLoss);
    const role = message.sender === 'human' ? 'user' : 'assistant';
    const onlyText = parts.every((p) => p.type === 'text');
    return {
      sourceId,
      parentSourceId,
      role,
      content: onlyText ? parts.map((p) => (p.type === 'text' ? p.text : '')).join('\n\n') : parts,
      createdAt: fromDateText(message.created_at),
      reasoning: reasoning || undefined,
      skip: parts.length === 0 ? 'empty' : undefined,
    };
  });
  return {
    sourceId: idOf(conversation.uuid) ?? `index-${index}`,
    title: str(conversation.name) ?? null,
    createdAt: fromDateText(conversation.created_at),
    updatedAt: fromDateText(conversation.updated_at),
    messages,
    visibleLeafSourceId: idOf(conversation.current_leaf_message_uuid) ?? null,
  };
}
