import type { ToolResult } from '../tools';

/**
 * An MCP `tools/call` result as the model and the user get it (MC5, MC6). The SDK's result shape is
 * read structurally here, so core needs no SDK import.
 */

/** The model gets at most this much of one result (MC6); the user is told when it was cut. */
export const MCP_RESULT_MODEL_LIMIT = 100_000;

interface ContentPart {
  type?: unknown;
  text?: unknown;
  data?: unknown;
  mimeType?: unknown;
  uri?: unknown;
  name?: unknown;
  title?: unknown;
  resource?: unknown;
}

export interface McpCallResult {
  content?: unknown;
  structuredContent?: unknown;
  isError?: unknown;
}

const INLINE_IMAGE = /^image\/(png|jpe?g|gif|webp)$/i;

function str(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function safeLink(uri: string): boolean {
  return /^https?:\/\//i.test(uri);
}

/** One content part: what the model reads and what the user sees (markdown). */
function partOf(part: ContentPart): { model: string; user: string } {
  const type = str(part.type);
  if (type === 'text') {
    const text = str(part.text) ?? '';
    return { model: text, user: text };
  }
  if (type === 'image') {
    const mime = str(part.mimeType) ?? 'image';
    const data = str(part.data);
    const user = data && INLINE_IMAGE.test(mime) ? `![image](data:${mime};base64,${data})` : `[${mime}]`;
    return { model: `[An image (${mime}) was shown to the user.]`, user };
  }
  if (type === 'audio') {
    const mime = str(part.mimeType) ?? 'audio';
    return { model: `[Audio (${mime}), not shown.]`, user: `[${mime}]` };
  }
  if (type === 'resource_link') {
    const uri = str(part.uri) ?? '';
    const name = str(part.title) ?? str(part.name) ?? uri;
    const user = safeLink(uri) ? `[${name}](${uri})` : `${name} (\`${uri}\`)`;
    return { model: `Resource: ${name} (${uri})`, user };
  }
  if (type === 'resource' && typeof part.resource === 'object' && part.resource !== null) {
    const resource = part.resource as ContentPart;
    const uri = str(resource.uri) ?? '';
    const text = str(resource.text);
    if (text !== undefined) return { model: `Resource ${uri}:\n${text}`, user: text };
    return { model: `Resource: ${uri} (binary, not shown)`, user: `\`${uri}\`` };
  }
  return { model: '', user: '' };
}

/** Cuts text for the model with a marker saying how much was left out (MC6). */
export function cutForModel(text: string, limit = MCP_RESULT_MODEL_LIMIT): { text: string; cut: boolean } {
  if (text.length <= limit) return { text, cut: false };
  const marker = `\n[… cut: the result had ${text.length} characters; only the first ${limit} are given.]`;
  return { text: text.slice(0, limit) + marker, cut: true };
}

/**
 * MC5: text parts are joined for the model; structured content is sent as JSON when there is no
 * text; images, audio and resource links are shown to the user (images inline, links as links)
 * and named for the model. `isError` makes the call an error with the result's text. MC6: a result
 * over the limit is cut for the model, and the user sees a note saying so.
 */
export function mcpToolResult(result: McpCallResult, cutNote: (chars: number) => string): ToolResult {
  const parts = Array.isArray(result.content) ? (result.content as ContentPart[]).map(partOf) : [];
  let model = parts
    .map((part) => part.model)
    .filter((text) => text !== '')
    .join('\n\n');
  const structured = result.structuredContent;
  const structuredText =
    structured !== undefined && structured !== null ? JSON.stringify(structured, null, 2) : undefined;
  if (model === '' && structuredText) model = structuredText;
  if (result.isError === true) {
    return { status: 'error', message: cutForModel(model || 'The tool reported an error.', 2000).text };
  }
  const rich = Array.isArray(result.content)
    ? (result.content as ContentPart[]).some((part) => part.type !== 'text')
    : false;
  const { text, cut } = cutForModel(model || '(empty result)');
  const user = parts.map((part) => part.user).filter((text) => text !== '');
  if (structuredText && !rich && parts.length === 0) user.push('```json\n' + structuredText + '\n```');
  if (cut) user.unshift(`> ${cutNote(model.length)}`);
  const showsMore = rich || cut || (structuredText !== undefined && parts.length === 0);
  if (!showsMore) return { status: 'ok', forModel: text };
  const shown = cutForModel(user.join('\n\n'), MCP_RESULT_MODEL_LIMIT).text;
  return { status: 'ok', forModel: text, display: { kind: 'markdown', markdown: shown } };
}
