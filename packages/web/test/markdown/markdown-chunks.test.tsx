import { render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import {
  chunkBlock,
  PARAGRAPH_CHUNK_CHARS,
  TABLE_CHUNK_ROWS,
} from '../../src/features/markdown/markdown-chunks';
import MarkdownRenderer from '../../src/features/markdown/MarkdownRenderer';
import { createI18n } from '../../src/i18n';

function table(rows: number): string {
  const lines = ['| # | Region | Margin |', '|---|:---|---:|'];
  for (let i = 0; i < rows; i++) lines.push(`| ${i} | Region **${i % 7}** | ${i % 40}% |`);
  return lines.join('\n');
}

function paragraph(chars: number): string {
  const lines: string[] = [];
  for (let i = 0, size = 0; size < chars; i++) {
    const line = `Sentence ${i} with *some* words and a [link](https://example.com/${i}).`;
    lines.push(line);
    size += line.length + 1;
  }
  return lines.join('\n');
}

function renderMarkdown(text: string, streaming = false) {
  return render(
    <I18nextProvider i18n={createI18n()}>
      <MarkdownRenderer text={text} streaming={streaming} />
    </I18nextProvider>,
  );
}

describe('large blocks are parsed in chunks', () => {
  it('cuts a large table into chunks that each carry the header and delimiter row', () => {
    const block = chunkBlock(table(TABLE_CHUNK_ROWS * 3 + 4));
    expect(block.kind).toBe('table');
    if (block.kind !== 'table') return;
    expect(block.chunks).toHaveLength(4);
    for (const chunk of block.chunks) {
      expect(chunk.split('\n').slice(0, 2)).toEqual(['| # | Region | Margin |', '|---|:---|---:|']);
    }
    expect(block.chunks.at(-1)!.split('\n')).toHaveLength(2 + 4);
  });

  it('keeps small tables, tables with pipe-less lines and mixed blocks whole', () => {
    expect(chunkBlock(table(TABLE_CHUNK_ROWS)).kind).toBe('whole');
    expect(chunkBlock(`${table(60)}\nlazy text line`).kind).toBe('whole');
    expect(chunkBlock(`# Heading\n${paragraph(9_000)}`).kind).toBe('whole');
    expect(chunkBlock(`${paragraph(9_000)}\n- a list item`).kind).toBe('whole');
    expect(chunkBlock(`${paragraph(9_000)}\n> quoted`).kind).toBe('whole');
    expect(chunkBlock(paragraph(3_000)).kind).toBe('whole');
  });

  it('cuts a long paragraph at line ends, never after a hard break, losing nothing', () => {
    const lines = paragraph(9_000).split('\n');
    lines[30] = `${lines[30]}  `;
    const text = lines.join('\n');
    const block = chunkBlock(text);
    expect(block.kind).toBe('paragraph');
    if (block.kind !== 'paragraph') return;
    expect(block.chunks.join('\n')).toBe(text);
    expect(block.chunks.length).toBeGreaterThanOrEqual(Math.floor(9_000 / PARAGRAPH_CHUNK_CHARS) - 1);
    for (const chunk of block.chunks.slice(0, -1)) expect(chunk.endsWith('  ')).toBe(false);
  });

  it('chunks already cut stay the same while the block grows (streaming re-parses only the last)', () => {
    const full = table(100).split('\n');
    const early = chunkBlock(full.slice(0, 60).join('\n'));
    const later = chunkBlock(full.join('\n'));
    if (early.kind !== 'table' || later.kind !== 'table') throw new Error('expected tables');
    expect(later.chunks.slice(0, early.chunks.length - 1)).toEqual(early.chunks.slice(0, -1));
  });

  it('renders a chunked table as one table: one header row, every body row, alignment kept', () => {
    const { container } = renderMarkdown(table(80));
    expect(container.querySelectorAll('table')).toHaveLength(1);
    expect(container.querySelectorAll('thead')).toHaveLength(1);
    expect(container.querySelectorAll('tbody tr')).toHaveLength(80);
    expect(container.querySelectorAll('tbody tr strong')).toHaveLength(80);
    const last = container.querySelector('tbody:last-of-type tr:last-child td:last-child') as HTMLElement;
    expect(last.textContent).toBe('39%');
    expect(last.getAttribute('style') ?? last.getAttribute('align')).toMatch(/right/);
  });

  it('renders a chunked paragraph as one paragraph with every line and link', () => {
    const text = paragraph(9_000);
    const { container } = renderMarkdown(text, true);
    expect(container.querySelectorAll('p')).toHaveLength(1);
    const lines = text.split('\n').length;
    expect(container.querySelectorAll('p a')).toHaveLength(lines);
    expect(container.querySelectorAll('p em')).toHaveLength(lines);
    expect(container.querySelector('p')!.textContent).toContain('Sentence 0 with some words');
    expect(container.querySelector('p')!.textContent).toContain(`Sentence ${lines - 1} with`);
  });
});
