import type { MessageContent, MessagePart } from '../entities';
import type { DraftMessage, SkipReason } from './types';
import { arr, isObj, str } from './values';

/** Message roles of the OpenAI-style formats; anything else is skipped as tool traffic. */
export function roleOf(value: unknown): DraftMessage['role'] | null {
  if (value === 'user' || value === 'assistant' || value === 'system') return value;
  if (value === 'function' || value === 'tool') return 'function';
  return null;
}

/** A string, or OpenAI-style parts (text and image_url); other parts are dropped. */
export function readOpenAIContent(value: unknown): MessageContent {
  if (typeof value === 'string') return value;
  const parts: MessagePart[] = [];
  for (const part of arr(value) ?? []) {
    if (!isObj(part)) continue;
    if (part.type === 'text' && typeof part.text === 'string') parts.push({ type: 'text', text: part.text });
    const image = isObj(part.image_url) ? str(part.image_url.url) : undefined;
    if (part.type === 'image_url' && image) parts.push({ type: 'image_url', image_url: { url: image } });
  }
  if (parts.every((p) => p.type === 'text'))
    return parts.map((p) => (p.type === 'text' ? p.text : '')).join('\n\n');
  return parts;
}

export interface LinearEntry {
  readonly sourceId: string;
  readonly role: DraftMessage['role'] | null;
  readonly content: MessageContent;
  readonly createdAt: number | null;
  readonly model?: string | null;
  readonly skip?: SkipReason;
}

/** Formats without branches: each message follows the previous one in file order (IM16). */
export function chain(entries: readonly LinearEntry[]): DraftMessage[] {
  let previous: string | null = null;
  return entries.map((entry) => {
    const empty = entry.content === null || entry.content.length === 0;
    const skip: SkipReason | undefined =
      entry.skip ?? (entry.role === null ? 'toolTraffic' : empty ? 'empty' : undefined);
    const draft: DraftMessage = {
      sourceId: entry.sourceId,
      parentSourceId: previous,
      role: entry.role ?? 'system',
      content: entry.content,
      createdAt: entry.createdAt,
      model: entry.model,
      skip,
    };
    previous = entry.sourceId;
    return draft;
  });
}
