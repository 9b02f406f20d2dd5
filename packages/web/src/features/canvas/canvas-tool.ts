import type { ToolDefinition } from '@parley/core/providers';
import type { ChatTool, ToolResult, ToolSource } from '@parley/core/tools';
import { useCanvas, type CanvasKind } from './canvas-open';
import { canvasTitleOf } from './canvas-store';

/**
 * The built-in canvas tools (decision 0093): the model writes a document (`create_canvas`) and
 * rewrites it in place (`update_canvas`) instead of repeating it in its answer. A call's result
 * shows the document as a fenced block of the step, stored with the message's tool run (so it
 * syncs and exports), and the canvas reads such blocks as versions, by title, like an answer's.
 */

export const CANVAS_TOOLS_ID = 'parley-canvas';
const KINDS = ['html', 'svg', 'mermaid', 'markdown', 'code'] as const;

const parameters = {
  type: 'object',
  properties: {
    id: { type: 'string', description: 'A short id of the document, kept across updates.' },
    kind: { type: 'string', enum: [...KINDS] },
    title: { type: 'string', description: "The document's title (for HTML, also its <title>)." },
    content: { type: 'string', description: 'The whole document.' },
    language: { type: 'string', description: 'For kind "code": the language, e.g. "python".' },
  },
  required: ['id', 'kind', 'title', 'content'],
};

export const createCanvasTool: ToolDefinition = {
  name: 'create_canvas',
  description:
    'Open a document in the canvas beside the chat: a self-contained HTML page, an SVG picture, a Markdown ' +
    'document or a code file. The user sees a live preview and its source.',
  parameters,
};

export const updateCanvasTool: ToolDefinition = {
  name: 'update_canvas',
  description:
    'Replace a canvas document (same id and title) with its new whole content; the user sees it as the next ' +
    'version, with the changes from the previous one.',
  parameters,
};

export type CanvasCall =
  | { ok: true; id: string; kind: CanvasKind; title: string; content: string; language: string }
  | { ok: false; message: string };

export function parseCanvasCall(name: string, args: Readonly<Record<string, unknown>>): CanvasCall {
  const text = (key: string) => (typeof args[key] === 'string' ? (args[key] as string) : '');
  const kind = text('kind');
  if (!(KINDS as readonly string[]).includes(kind)) {
    return { ok: false, message: `${name} needs "kind": one of ${KINDS.join(', ')}.` };
  }
  if (text('id').trim() === '' || text('title').trim() === '') {
    return { ok: false, message: `${name} needs an "id" and a "title".` };
  }
  if (text('content').trim() === '')
    return { ok: false, message: `${name} needs the document as "content".` };
  const language =
    kind === 'code'
      ? text('language').trim().split(/\s+/)[0] || 'text'
      : kind === 'markdown'
        ? 'markdown'
        : kind;
  return {
    ok: true,
    id: text('id').trim(),
    kind: kind as CanvasKind,
    title: text('title').trim(),
    content: text('content'),
    language,
  };
}

/** The step's block: a fence longer than any run of backticks in the document. */
export function canvasBlock(call: Extract<CanvasCall, { ok: true }>): string {
  const longest = Math.max(2, ...Array.from(call.content.matchAll(/`+/g), (match) => match[0].length));
  const ticks = '`'.repeat(longest + 1);
  const titleLine =
    call.kind === 'code' || call.kind === 'svg' || call.kind === 'mermaid'
      ? `**${call.title.replace(/[*_`[\]]/g, '')}**\n\n`
      : '';
  return `${titleLine}${ticks}${call.language}\n${call.content}\n${ticks}`;
}

const origin = { kind: 'builtin' as const, id: CANVAS_TOOLS_ID, title: 'Canvas' };

/** The canvas tools as a source, listed when the user switched them on. */
export function createCanvasSource(deps: { enabled: () => boolean }): ToolSource {
  const tools: ChatTool[] = [
    { definition: createCanvasTool, origin, outputType: 'respond_to_ai' },
    { definition: updateCanvasTool, origin, outputType: 'respond_to_ai' },
  ];
  return {
    async list() {
      return deps.enabled() ? tools : [];
    },
    async run(_tool, call): Promise<ToolResult> {
      const parsed = parseCanvasCall(call.name, call.arguments);
      if (!parsed.ok) return { status: 'error', message: parsed.message };
      // The canvas opens (or moves to this version) as the call lands.
      // Known by the title its content gives (as an answer's block is), so its blocks read as versions.
      const title = canvasTitleOf(parsed.kind, parsed.language, parsed.content);
      useCanvas
        .getState()
        .open({ kind: parsed.kind, language: parsed.language, title, content: parsed.content });
      const verb = call.name === 'update_canvas' ? 'Updated' : 'Opened';
      return {
        status: 'ok',
        forModel: `${verb} canvas "${parsed.title}" (id ${parsed.id}, ${parsed.content.length} characters). The user sees it beside the chat.`,
        display: { kind: 'markdown', markdown: canvasBlock(parsed) },
      };
    },
  };
}
