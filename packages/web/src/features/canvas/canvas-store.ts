import { isCanvasEditNote } from '@parley/core/chat';
import type { Message } from '@parley/core/entities';
import type { CanvasDocument, CanvasKind } from './canvas-open';

export type { CanvasDocument, CanvasKind } from './canvas-open';

const LONG_CODE_LINES = 12;

/**
 * The canvas a code block opens in, or null: HTML pages, SVG, Markdown documents, and code files of
 * some length (a one-liner is not a document).
 */
export function canvasKindOf(info: string | undefined, code: string): CanvasKind | null {
  const name = info?.trim().split(/\s+/)[0]?.toLowerCase() ?? '';
  if (name === 'html' || name === 'htm') return 'html';
  if (name === 'svg' || (name === 'xml' && /^\s*<svg[\s>]/i.test(code))) return 'svg';
  if (name === 'mermaid' || name === 'mmd') return 'mermaid';
  if (name === 'markdown' || name === 'md') return 'markdown';
  if (name !== '' && code.split('\n').length >= LONG_CODE_LINES) return 'code';
  return null;
}

/** A title for the panel: the page's <title>, the document's first heading, or the language. */
export function canvasTitleOf(kind: CanvasKind, language: string, content: string): string {
  if (kind === 'html') {
    const title = /<title[^>]*>([^<]{1,120})<\/title>/i.exec(content)?.[1]?.trim();
    if (title) return title;
  }
  if (kind === 'mermaid') {
    // Mermaid's own front matter title (`---\ntitle: Sales flow\n---`).
    const title = /^---\s*\n(?:[^\n]*\n)*?title:\s*([^\n]{1,120})\n/.exec(content)?.[1]?.trim();
    if (title) return title.replace(/^(["'])(.*)\1$/, '$2');
  }
  if (kind === 'markdown') {
    const heading = /^#{1,6}\s+(.{1,120})$/m.exec(content)?.[1]?.trim();
    if (heading) return heading;
  }
  return language.toUpperCase();
}

const EXTENSIONS: Record<CanvasKind, string> = {
  html: 'html',
  svg: 'svg',
  mermaid: 'mmd',
  markdown: 'md',
  code: 'txt',
};

export function canvasFileName(document: CanvasDocument): string {
  const base =
    document.title
      .replace(/[^\p{L}\p{N} _-]+/gu, '')
      .trim()
      .replace(/\s+/g, '-')
      .slice(0, 60) || 'canvas';
  const extension =
    document.kind === 'code'
      ? document.language.replace(/[^a-z0-9]/gi, '') || 'txt'
      : EXTENSIONS[document.kind];
  return `${base}.${extension}`;
}

/** The page the sandbox frame shows: HTML as it is, SVG inside a page of its own (never in the app's DOM). */
export function previewPage(document: CanvasDocument): string {
  if (document.kind === 'svg') {
    return `<!doctype html><html><body style="margin:0;display:grid;place-items:center;min-height:100vh">${document.content}</body></html>`;
  }
  return document.content;
}

/**
 * The page that draws a Mermaid diagram in the sandbox frame (decision 0129): Mermaid's browser
 * bundle and the diagram's text as inline scripts of that page, never run in the app's page. The
 * diagram is a JSON string (no `<` left in it) and the bundle cannot end its script element early.
 * `securityLevel: 'strict'` keeps the diagram's labels from carrying HTML or click handlers; a
 * diagram with an error shows Mermaid's own message in its place. In the dark theme the page is
 * dark and Mermaid draws with its own dark theme.
 */
export function mermaidPage(runtime: string, diagram: string, dark = false): string {
  const safeRuntime = runtime.replace(/<\/(script)/gi, '<\\/$1');
  const text = JSON.stringify(diagram).replace(/</g, '\\u003c');
  return `<!doctype html><html><head><meta charset="utf-8"><style>body{margin:0;padding:16px;display:grid;place-items:center;min-height:100vh;box-sizing:border-box;font-family:system-ui,sans-serif;background:${dark ? '#18181b' : '#fff'};color:${dark ? '#e4e4e7' : '#18181b'}}#diagram svg{max-width:100%;height:auto}#error{color:${dark ? '#f87171' : '#b91c1c'};white-space:pre-wrap}</style></head><body><div id="diagram"></div><pre id="error"></pre><script>${safeRuntime}</script><script>(function(){var text=${text};mermaid.initialize({startOnLoad:false,securityLevel:'strict',theme:'${dark ? 'dark' : 'default'}'});mermaid.render('parley-diagram',text).then(function(r){document.getElementById('diagram').innerHTML=r.svg},function(e){document.getElementById('error').textContent=String(e&&e.message||e)})})()</script></body></html>`;
}

/** The fenced code blocks of a markdown text, in order (the info string and the code). */
export function fencedBlocks(text: string): { info: string; code: string }[] {
  const blocks: { info: string; code: string }[] = [];
  const fence = /^ {0,3}(`{3,}|~{3,})([^\n`]*)\n([\s\S]*?)\n {0,3}\1[ \t]*$/gm;
  for (const match of text.matchAll(fence))
    blocks.push({ info: (match[2] ?? '').trim(), code: match[3] ?? '' });
  return blocks;
}

/**
 * A canvas's versions: every block of the chat's answers, oldest first, of the same kind and
 * title as the one opened (a later answer that rewrites "Sales chart" is its next version).
 */
export function canvasVersions(document: CanvasDocument, answers: readonly string[]): string[] {
  const versions: string[] = [];
  for (const answer of answers) {
    for (const block of fencedBlocks(answer)) {
      const kind = canvasKindOf(block.info, block.code);
      if (kind !== document.kind) continue;
      const language = block.info.split(/\s+/)[0] ?? '';
      if (canvasTitleOf(kind, language, block.code) !== document.title) continue;
      if (versions.at(-1)?.trimEnd() !== block.code.trimEnd()) versions.push(block.code);
    }
  }
  if (!versions.some((version) => version.trimEnd() === document.content.trimEnd()))
    versions.push(document.content);
  return versions;
}

/**
 * The texts a canvas's versions are read from, oldest first: the answers, the tool results
 * shown as markdown (the canvas tools' blocks) and the versions made in the canvas.
 */
export function answersOf(messages: readonly Message[]): string[] {
  const texts: string[] = [];
  for (const message of messages) {
    const display = message.toolRun?.display;
    if (display?.kind === 'markdown') texts.push(display.markdown);
    // CV5: a version made in the canvas is the user's note in the chat.
    else if (message.role === 'user' && typeof message.content === 'string') {
      if (isCanvasEditNote(message.content)) texts.push(message.content);
    } else if (message.role === 'assistant') {
      const content = message.content;
      if (typeof content === 'string') texts.push(content);
      else if (Array.isArray(content))
        texts.push(
          content
            .map((part) => ('text' in part && typeof part.text === 'string' ? part.text : ''))
            .join('\n'),
        );
    }
  }
  return texts;
}
