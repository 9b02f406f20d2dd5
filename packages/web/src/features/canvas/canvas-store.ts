import { create } from 'zustand';

/** What a canvas shows (decision 0093): a page or picture previewed in the sandbox frame, a document, or code. */
export type CanvasKind = 'html' | 'svg' | 'markdown' | 'code';

export interface CanvasDocument {
  kind: CanvasKind;
  /** The fence's language (file extension for Download). */
  language: string;
  title: string;
  content: string;
}

interface CanvasState {
  document: CanvasDocument | null;
  open: (document: CanvasDocument) => void;
  close: () => void;
}

export const useCanvas = create<CanvasState>((set) => ({
  document: null,
  open: (document) => set({ document }),
  close: () => set({ document: null }),
}));

const LONG_CODE_LINES = 12;

/**
 * The canvas a code block opens in, or null: HTML pages, SVG, Markdown documents, and code files of
 * some length (a one-liner is not a document).
 */
export function canvasKindOf(info: string | undefined, code: string): CanvasKind | null {
  const name = info?.trim().split(/\s+/)[0]?.toLowerCase() ?? '';
  if (name === 'html' || name === 'htm') return 'html';
  if (name === 'svg' || (name === 'xml' && /^\s*<svg[\s>]/i.test(code))) return 'svg';
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
  if (kind === 'markdown') {
    const heading = /^#{1,6}\s+(.{1,120})$/m.exec(content)?.[1]?.trim();
    if (heading) return heading;
  }
  return language.toUpperCase();
}

const EXTENSIONS: Record<CanvasKind, string> = { html: 'html', svg: 'svg', markdown: 'md', code: 'txt' };

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
