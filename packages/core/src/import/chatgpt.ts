import type { MessageContent, MessagePart } from '../entities';
import type { DraftChat, DraftMessage, ImportProblem, SkipReason } from './types';
import { arr, fromSeconds, idOf, isObj, str } from './values';
import type { Obj } from './values';

/** ChatGPT's newer citation markers: private-use brackets U+E200 … U+E201 around the marker text. */
const PRIVATE_MARKER = /\uE200[^\uE201]*\uE201/g;

/**
 * IM10: replace each `content_references` marker with its `alt` (a Markdown link), then remove
 * markers left over; older `【3†source】` markers become a numbered link when `citations` say where.
 */
function resolveCitations(text: string, metadata: Obj): string {
  let out = text;
  for (const ref of arr(metadata.content_references) ?? []) {
    if (!isObj(ref)) continue;
    const matched = str(ref.matched_text);
    if (!matched) continue;
    const item = arr(ref.items)?.find(isObj);
    const url = item ? str(item.url) : undefined;
    const replacement = str(ref.alt) ?? (url ? ` [${str(item?.title) ?? url}](${url})` : '');
    out = out.split(matched).join(replacement);
  }
  out = out.replace(PRIVATE_MARKER, '');
  for (const citation of arr(metadata.citations) ?? []) {
    const meta = isObj(citation) && isObj(citation.metadata) ? citation.metadata : undefined;
    const url = meta ? str(meta.url) : undefined;
    if (!url) continue;
    out = out.replace(/\s*【\d+†[^】]*】/, ` [${str(meta?.title) ?? url}](${url})`);
  }
  return out.replace(/【\d+†[^】]*】/g, '');
}

interface ReadContent {
  content: MessageContent;
  lostAttachments: number;
  hiddenType?: string;
}

function readContent(content: Obj, metadata: Obj): ReadContent {
  const type = str(content.content_type);
  if (type === 'text' || type === 'multimodal_text') {
    const parts: MessagePart[] = [];
    let lost = 0;
    for (const part of arr(content.parts) ?? []) {
      if (typeof part === 'string') {
        if (part !== '') parts.push({ type: 'text', text: resolveCitations(part, metadata) });
      } else if (isObj(part)) {
        const partType = str(part.content_type);
        if (partType === 'audio_transcription' && str(part.text))
          parts.push({ type: 'text', text: str(part.text)! });
        else if (partType === 'image_asset_pointer' || partType?.endsWith('asset_pointer')) {
          // The bytes are only in the zip (if at all): a visible placeholder names what was there.
          lost++;
          const pointer = str(part.asset_pointer) ?? partType;
          parts.push({
            type: 'text',
            text: `[${partType === 'image_asset_pointer' ? 'Image' : 'Media'} not imported: ${pointer}]`,
          });
        }
      }
    }
    const onlyText = parts.every((p) => p.type === 'text');
    const content2: MessageContent =
      parts.length === 0
        ? ''
        : onlyText
          ? parts.map((p) => (p.type === 'text' ? p.text : '')).join('\n\n')
          : parts;
    return { content: content2, lostAttachments: lost };
  }
  if (type === 'code')
    return {
      content: `\`\`\`${str(content.language) ?? ''}\n${str(content.text) ?? ''}\n\`\`\``,
      lostAttachments: 0,
    };
  if (type === 'execution_output' || type === 'system_error')
    return { content: str(content.text) ?? '', lostAttachments: 0 };
  if (type === 'tether_quote')
    return { content: `> ${str(content.text) ?? ''}\n\n${str(content.url) ?? ''}`, lostAttachments: 0 };
  if (type === 'tether_browsing_display')
    return { content: str(content.result) ?? str(content.summary) ?? '', lostAttachments: 0 };
  return { content: '', lostAttachments: 0, hiddenType: type ?? 'unknown' };
}

function thoughtsText(content: Obj): string {
  return (arr(content.thoughts) ?? [])
    .filter(isObj)
    .map((t) => [str(t.summary), str(t.content)].filter(Boolean).join('\n'))
    .join('\n\n');
}

const isEmpty = (content: MessageContent) => content === null || content.length === 0;

/** Raw content with nothing in it: no parts, or only empty strings (`{ parts: [''] }`). */
function isEmptyContent(content: Obj): boolean {
  const parts = arr(content.parts);
  const text = str(content.text);
  return (text === undefined || text.trim() === '') && (parts ?? []).every((part) => part === '');
}

/**
 * ChatGPT `conversations.json` (IM10–IM13): every node of `mapping` becomes a draft message, the
 * hidden ones flagged so their children re-attach to the nearest kept ancestor; `current_node` is
 * the visible leaf; thoughts fold into the next assistant reply; custom instructions become the
 * system message.
 */
export function readChatGPTConversation(
  conversation: Obj,
  index: number,
  problems: ImportProblem[],
  onLoss: (count: number) => void,
): DraftChat | null {
  const title = str(conversation.title) ?? null;
  const mapping = conversation.mapping;
  const sourceId = idOf(conversation.conversation_id) ?? idOf(conversation.id) ?? `index-${index}`;
  if (!isObj(mapping)) {
    problems.push({
      item: `conversation ${index + 1} (${title ?? sourceId})`,
      reason: 'it has no message tree (mapping)',
    });
    return null;
  }
  const messages: DraftMessage[] = [];
  let systemMessage: string | null = null;
  let pendingReasoning = '';
  // Parents first so that thoughts meet the reply that follows them.
  const nodes = Object.entries(mapping).filter((entry): entry is [string, Obj] => isObj(entry[1]));
  const order = depthFirst(nodes);
  for (const [key, node] of order) {
    const nodeId = idOf(node.id) ?? key;
    const parent = idOf(node.parent) ?? null;
    const message = isObj(node.message) ? node.message : null;
    const base = { sourceId: nodeId, parentSourceId: parent };
    if (!message) {
      // The tree's root (every export has one): a node, not a message.
      messages.push({ ...base, role: 'system', content: null, createdAt: null, skip: 'structure' });
      continue;
    }
    const author = isObj(message.author) ? message.author : {};
    const role = str(author.role);
    const metadata = isObj(message.metadata) ? message.metadata : {};
    const content = isObj(message.content) ? message.content : {};
    const createdAt = fromSeconds(message.create_time);
    const type = str(content.content_type);
    const skip = (reason: SkipReason | 'structure') =>
      messages.push({ ...base, role: 'system', content: null, createdAt, skip: reason });
    // The empty system message under the root of every export: nothing the user wrote or saw.
    if (author.role === 'system' && isEmptyContent(content)) {
      skip('structure');
      continue;
    }
    if (type === 'user_editable_context') {
      const parts = [str(content.user_profile), str(content.user_instructions)].filter((p) => p && p.trim());
      if (parts.length > 0) systemMessage = parts.join('\n\n');
      skip('hidden');
      continue;
    }
    if (type === 'thoughts') {
      pendingReasoning = [pendingReasoning, thoughtsText(content)].filter(Boolean).join('\n\n');
      skip('hidden');
      continue;
    }
    if (type === 'reasoning_recap' || metadata.is_visually_hidden_from_conversation === true) {
      skip('hidden');
      continue;
    }
    if (role === 'tool' || (role === 'assistant' && str(message.recipient) && message.recipient !== 'all')) {
      skip('toolTraffic');
      continue;
    }
    const read = readContent(content, metadata);
    if (read.hiddenType) {
      skip('unknownContent');
      continue;
    }
    if (read.lostAttachments > 0) onLoss(read.lostAttachments);
    if (role === 'system') {
      if (!isEmpty(read.content) && metadata.is_user_system_message === true)
        systemMessage = String(read.content);
      skip(isEmpty(read.content) ? 'empty' : 'hidden');
      continue;
    }
    if ((role !== 'user' && role !== 'assistant') || isEmpty(read.content)) {
      skip('empty');
      continue;
    }
    const model = str(metadata.model_slug) ?? str(metadata.default_model_slug);
    messages.push({
      ...base,
      role,
      content: read.content,
      createdAt,
      model: role === 'assistant' ? model : undefined,
      reasoning: role === 'assistant' && pendingReasoning ? pendingReasoning : undefined,
    });
    if (role === 'assistant') pendingReasoning = '';
  }
  const current = idOf(conversation.current_node);
  return {
    sourceId,
    title,
    createdAt: fromSeconds(conversation.create_time),
    updatedAt: fromSeconds(conversation.update_time),
    model: str(conversation.default_model_slug) ?? null,
    systemMessage,
    archived: conversation.is_archived === true,
    favorited: conversation.is_starred === true,
    messages,
    visibleLeafSourceId: current && isObj(mapping[current]) ? current : null,
  };
}

/** Mapping keys come in any order; walk from the roots (parent null or missing) down the children. */
function depthFirst(nodes: [string, Obj][]): [string, Obj][] {
  const byId = new Map(nodes.map(([key, node]) => [idOf(node.id) ?? key, [key, node] as [string, Obj]]));
  const seen = new Set<string>();
  const out: [string, Obj][] = [];
  const roots = nodes.filter(([, node]) => {
    const parent = idOf(node.parent);
    return !parent || !byId.has(parent);
  });
  const stack = [...roots].reverse();
  const visit = () => {
    while (stack.length > 0) {
      const entry = stack.pop()!;
      const id = idOf(entry[1].id) ?? entry[0];
      if (seen.has(id)) continue;
      seen.add(id);
      out.push(entry);
      const children = (arr(entry[1].children) ?? []).map(idOf).filter((c): c is string => !!c);
      for (const child of [...children].reverse()) {
        const next = byId.get(child);
        if (next) stack.push(next);
      }
    }
  };
  visit();
  // Nodes reached only through a cycle or a missing children list still import.
  for (const entry of nodes)
    if (!seen.has(idOf(entry[1].id) ?? entry[0])) {
      stack.push(entry);
      visit();
    }
  return out;
}
