import { describe, expect, it } from 'vitest';
import {
  canvasFileName,
  canvasKindOf,
  canvasTitleOf,
  previewPage,
} from '../../src/features/canvas/canvas-store';

describe('which code blocks open in a canvas', () => {
  it('HTML, SVG, Markdown, and code files of some length; short snippets and plain text do not', () => {
    const long = Array.from({ length: 12 }, (_, n) => `line ${n}`).join('\n');
    expect(canvasKindOf('html', '<p>')).toBe('html');
    expect(canvasKindOf('svg', '<svg/>')).toBe('svg');
    expect(canvasKindOf('xml', '<svg width="1"></svg>')).toBe('svg');
    expect(canvasKindOf('md', '# A')).toBe('markdown');
    expect(canvasKindOf('python', long)).toBe('code');
    expect(canvasKindOf('python', 'print(1)')).toBeNull();
    expect(canvasKindOf(undefined, long)).toBeNull();
  });
});

describe('a canvas title and file', () => {
  it('takes the page title or first heading, else the language; a file name safe to save', () => {
    expect(canvasTitleOf('html', 'html', '<title>My page</title>')).toBe('My page');
    expect(canvasTitleOf('markdown', 'md', 'text\n## Plan: v2\nmore')).toBe('Plan: v2');
    expect(canvasTitleOf('code', 'ts', 'const a = 1')).toBe('TS');
    expect(canvasFileName({ kind: 'html', language: 'html', title: 'My page / <x>', content: '' })).toBe(
      'My-page-x.html',
    );
    expect(canvasFileName({ kind: 'code', language: 'ts', title: 'TS', content: '' })).toBe('TS.ts');
  });

  it('shows SVG inside a page of its own, for the sandbox frame', () => {
    const page = previewPage({ kind: 'svg', language: 'svg', title: 'SVG', content: '<svg></svg>' });
    expect(page).toMatch(/^<!doctype html>.*<svg><\/svg><\/body><\/html>$/);
  });
});
