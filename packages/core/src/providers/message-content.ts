import type { ChatMessageInput, ImageUrlPart, MessagePart, ToolCallInput } from './chat-request';

/** Helpers shared by the request builders for reading a message's content. */

/**
 * PR13: Anthropic and Gemini need a user turn first; a chat that opens with an agent's welcome
 * message gets this one in front.
 */
export const CONVERSATION_START_TEXT = '(conversation start)';

/** PR4: an uploaded text file is sent as text headed by its name, so the model can refer to it. */
export function renderTextFile(name: string, text: string): string {
  return `File: ${name}\n\n${text}`;
}

/** The text of a part, or undefined for an image. */
export function partText(part: MessagePart): string | undefined {
  if (part.type === 'text') return part.text;
  if (part.type === 'tm_text_file') return renderTextFile(part.metadata.name, part.text);
  return undefined;
}

/** All text of a message joined with blank lines; images are left out. */
export function contentText(content: ChatMessageInput['content']): string {
  if (content === null) return '';
  if (typeof content === 'string') return content;
  const texts: string[] = [];
  for (const part of content) {
    const text = partText(part);
    if (text) texts.push(text);
  }
  return texts.join('\n\n');
}

export function hasImages(content: ChatMessageInput['content']): boolean {
  return Array.isArray(content) && content.some((part: MessagePart) => part.type === 'image_url');
}

/** `data:image/png;base64,AAAA` → { mediaType, data }; undefined for http(s) URLs. */
export function parseDataUrl(part: ImageUrlPart): { mediaType: string; data: string } | undefined {
  const match = /^data:([^;,]+);base64,(.*)$/s.exec(part.image_url.url);
  if (!match) return undefined;
  return { mediaType: match[1] ?? 'application/octet-stream', data: match[2] ?? '' };
}

/** Arguments JSON string → object for providers that take structured input; `{}` when it does not parse. */
export function argumentsObject(json: string): Record<string, unknown> {
  if (json.trim() === '') return {};
  try {
    const value: unknown = JSON.parse(json);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

/** All tool calls of an assistant message, the legacy single function_call included (with id ''). */
export function toolCallsOf(message: ChatMessageInput): ToolCallInput[] {
  if (message.tool_calls && message.tool_calls.length > 0) return [...message.tool_calls];
  if (message.function_call) return [{ id: '', ...message.function_call }];
  return [];
}

/**
 * PR2: a model flagged `system: false` takes no system message; its text is put at the top of the
 * first user message instead.
 */
export function foldSystemIntoFirstUser(messages: readonly ChatMessageInput[]): ChatMessageInput[] {
  const systemText = messages
    .filter((m) => m.role === 'system')
    .map((m) => contentText(m.content))
    .filter((t) => t.length > 0)
    .join('\n\n');
  const rest = messages.filter((m) => m.role !== 'system');
  if (!systemText) return rest;
  const firstUser = rest.findIndex((m) => m.role === 'user');
  if (firstUser === -1) return [{ role: 'user', content: systemText }, ...rest];
  return rest.map((m, i) => {
    if (i !== firstUser) return m;
    const content =
      typeof m.content === 'string' || m.content === null
        ? [{ type: 'text' as const, text: m.content ?? '' }]
        : m.content;
    return { ...m, content: [{ type: 'text' as const, text: systemText }, ...content] };
  });
}
