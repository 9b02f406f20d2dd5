import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import {
  boundBlock,
  boundMarkdown,
  INLINE_WORK_BUDGET,
  MAX_NESTING,
} from '../../src/features/markdown/markdown-bounds';
import MarkdownRenderer from '../../src/features/markdown/MarkdownRenderer';
import { PLAIN_PREVIEW_CHARS } from '../../src/features/markdown/plain-preview';
import { createI18n } from '../../src/i18n';

function renderMarkdown(text: string) {
  return render(
    <I18nextProvider i18n={createI18n()}>
      <MarkdownRenderer text={text} />
    </I18nextProvider>,
  );
}

/** Blocks whose text past the bound is cut off, and what is shown as written. */
function plainOf(text: string): string {
  return boundMarkdown(text)
    .map((block) => block.plain)
    .filter((plain) => plain !== '')
    .join('\n\n');
}

function depthOf(element: Element, selector: string): number {
  let depth = 0;
  for (
    let node: Element | null = element.querySelector(selector);
    node;
    node = node.querySelector(selector)
  ) {
    depth++;
  }
  return depth;
}

const nestedList = (levels: number) =>
  Array.from({ length: levels }, (_, level) => `${'  '.repeat(level)}- level ${level + 1}`).join('\n');

describe('the nesting bound (decision 0068)', () => {
  it('renders 10,000 nested `> ` (the crash of the issue) as plain text, every character kept', () => {
    const text = `${'> '.repeat(10_000)}the end`;
    const view = renderMarkdown(text);
    const plain = view.container.querySelector('.md-plain-text');
    expect(plain?.textContent).toBe(text);
    expect(view.container.querySelector('blockquote')).toBeNull();
    expect(
      view.getByText('Nested too deeply or too complex to format, so shown as plain text.'),
    ).toBeTruthy();
  });

  it('starts a very long text past the bound as a preview; the rest is shown when asked for', async () => {
    const text = `${'> '.repeat(400_000)}the end`;
    const view = renderMarkdown(text);
    const plain = view.container.querySelector('.md-plain-text')!;
    expect(plain.textContent).toBe(`${text.slice(0, PLAIN_PREVIEW_CHARS)}…`);
    await userEvent
      .setup()
      .click(view.getByRole('button', { name: 'Show the rest (768,007 more characters)' }));
    expect(plain.textContent).toBe(text);
    expect(view.queryByRole('button', { name: /Show the rest/ })).toBeNull();
  });

  it('leaves nesting up to the limit unchanged: 32 block quotes, a 32-level list', () => {
    const quotes = renderMarkdown(`${'> '.repeat(MAX_NESTING)}inside`);
    expect(depthOf(quotes.container, 'blockquote')).toBe(MAX_NESTING);
    expect(quotes.container.querySelector('.md-plain-text')).toBeNull();
    quotes.unmount();
    const list = renderMarkdown(nestedList(MAX_NESTING));
    expect(depthOf(list.container, 'ul')).toBe(MAX_NESTING);
    expect(list.container.querySelector('.md-plain-text')).toBeNull();
  });

  it('shows the lines past the limit as text, and the block before them as markdown', () => {
    const text = `# Notes\n\n${nestedList(MAX_NESTING + 8)}\n\nAfter **the list**.`;
    const view = renderMarkdown(text);
    expect(view.getByRole('heading', { name: 'Notes' })).toBeTruthy();
    expect(depthOf(view.container, 'ul')).toBe(MAX_NESTING);
    const plain = view.container.querySelector('.md-plain-text')?.textContent ?? '';
    expect(plain.startsWith(`${'  '.repeat(MAX_NESTING)}- level ${MAX_NESTING + 1}`)).toBe(true);
    expect(plain.endsWith('- level 40')).toBe(true);
    // The next block is markdown again.
    expect(view.container.querySelector('strong')?.textContent).toBe('the list');
    // Nothing is lost: the parts are the text.
    const [, list] = boundMarkdown(text);
    expect(`${list!.markdown}\n${list!.plain}`).toBe(nestedList(MAX_NESTING + 8));
  });

  it('cuts 33 levels of quotes, list markers, ordered items or footnotes on one line', () => {
    for (const marker of ['> ', '- ', '* ', '1. ', '2) ', '> - ', '[^n]: ']) {
      const deep = `${marker.repeat(MAX_NESTING + 1)}x`;
      expect(plainOf(deep), marker).toBe(deep);
      expect(
        plainOf(`${marker.repeat(Math.floor(MAX_NESTING / (marker === '> - ' ? 2 : 1)))}x`),
        marker,
      ).toBe('');
    }
  });

  it('counts what the parser keeps open across lines: lazy lines, tabs, CR line ends, a list after a table', () => {
    // A lazy line keeps the 32 items open; the indented line goes on inside them.
    const lazy = `${'- '.repeat(32)}x\nlazy text\n${'  '.repeat(32)}${'- '.repeat(8)}y`;
    expect(plainOf(lazy)).toBe(`${'  '.repeat(32)}${'- '.repeat(8)}y`);
    expect(plainOf(`${'>\t'.repeat(40)}x`)).not.toBe('');
    expect(plainOf(`${'> '.repeat(20)}a\r${'> '.repeat(40)}b`)).toBe(`${'> '.repeat(40)}b`);
    const afterTable = `| a |\n|---|\n| b |\n2. ${'> '.repeat(100)}x`;
    expect(plainOf(afterTable)).toBe(`2. ${'> '.repeat(100)}x`);
    expect(plainOf(`text\n[^a]: ${'> '.repeat(100)}x`)).not.toBe('');
  });

  it('bounds nested emphasis and strikethrough, which the parser also nests', () => {
    expect(plainOf(`${'*'.repeat(10_000)}x${'*'.repeat(10_000)}`)).not.toBe('');
    expect(plainOf(`${'*a '.repeat(1_000)}b${' c*'.repeat(1_000)}`)).not.toBe('');
    expect(plainOf(`${'~~a '.repeat(1_000)}x${' b~~'.repeat(1_000)}`)).not.toBe('');
    expect(plainOf('***bold and italic*** and *one **two** one* and ~~gone~~')).toBe('');
  });

  it('bounds the walks back of delimiters that find no partner (quadratic in the parser)', () => {
    for (const hostile of [
      'a]'.repeat(50_000),
      '[ (]('.repeat(20_000),
      'a*'.repeat(50_000),
      '['.repeat(10_000) + ']'.repeat(10_000),
    ]) {
      expect(plainOf(hostile)).toBe(hostile);
    }
    // The budget is the message's: a later block gets what is left.
    const budget = { left: 10 };
    expect(boundBlock('a]a]a]a]a]a]a]a]', budget).plain).not.toBe('');
    expect(boundBlock('plain words', budget)).toEqual({ markdown: 'plain words', plain: '' });
    expect(boundBlock('[a](b)', { left: 0 })).toEqual({ markdown: '', plain: '[a](b)' });
    expect(INLINE_WORK_BUDGET).toBeGreaterThan(1_000_000);
  });

  it('leaves real answers alone: tables, code with brackets and stars, math, links, long glossaries', () => {
    const answer = [
      '# Sorting',
      '| Approach | Stable |\n|---|---|\n' +
        Array.from({ length: 400 }, (_, i) => `| **${i}** | x*${i}* [l](u) |`).join('\n'),
      '```c\n' +
        Array.from({ length: 500 }, (_, i) => `int *p${i} = a[i] * b[j]; /* ] */`).join('\n') +
        '\n```',
      Array.from({ length: 300 }, (_, i) => `Let $x_{${i}} = a_i * b_{i+1}$, so _x_ holds [^${i}].`).join(
        '\n',
      ),
      Array.from(
        { length: 1_000 },
        (_, i) => `**Term ${i}**: a *definition* with \`code_${i}\` and a [link](https://e.x/${i}).`,
      ).join('\n'),
      Array.from({ length: 1_000 }, (_, i) => `${'  '.repeat(i % 6)}- item ${i} rated 5* of 5`).join('\n'),
      '> quoted\n> > twice\n>\n> - a list in a quote\n>   1. ordered',
    ].join('\n\n');
    expect(plainOf(answer)).toBe('');
  });

  it('is one linear pass: 400,000 nested `> ` and 300,000 nested list markers are cut at once', () => {
    for (const marker of ['> ', '- ']) {
      const text = `${marker.repeat(marker === '> ' ? 400_000 : 300_000)}end`;
      const started = performance.now();
      expect(plainOf(text)).toBe(text);
      // Generous for a shared test machine; the bench (bench/markdown-hostile.ts) prints the real time.
      expect(performance.now() - started).toBeLessThan(1_000);
    }
  });
});
