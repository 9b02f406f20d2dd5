import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { splitMarkdownBlocks } from '../../src/features/markdown/markdown-blocks';
import MarkdownRenderer from '../../src/features/markdown/MarkdownRenderer';
import { safeMarkdownUrl, safeUrl } from '../../src/features/markdown/safe-url';
import { createI18n } from '../../src/i18n';

function renderMarkdown(text: string, streaming = false) {
  return render(
    <I18nextProvider i18n={createI18n()}>
      <MarkdownRenderer text={text} streaming={streaming} />
    </I18nextProvider>,
  );
}

describe('markdown blocks (streaming re-renders only the last one)', () => {
  it('splits at blank lines', () => {
    expect(splitMarkdownBlocks('# Title\n\nA paragraph\nstill it\n\nNext')).toEqual([
      '# Title',
      'A paragraph\nstill it',
      'Next',
    ]);
  });

  it('never splits inside fenced code or display math', () => {
    const text = 'Intro\n\n```ts\nconst a = 1;\n\nconst b = 2;\n```\n\n$$\nx = 1\n\ny = 2\n$$\n\nEnd';
    expect(splitMarkdownBlocks(text)).toEqual([
      'Intro',
      '```ts\nconst a = 1;\n\nconst b = 2;\n```',
      '$$\nx = 1\n\ny = 2\n$$',
      'End',
    ]);
  });

  it('keeps a loose list and indented continuations together', () => {
    expect(splitMarkdownBlocks('- one\n\n- two\n\n    more of two\n\nAfter')).toEqual([
      '- one\n\n- two\n\n    more of two',
      'After',
    ]);
  });

  it('renders whole when reference links or footnotes need the whole text', () => {
    const text = 'See [the docs][d].\n\n[d]: https://example.com';
    expect(splitMarkdownBlocks(text)).toEqual([text]);
  });

  it('joined back, the blocks are the text (nothing lost)', () => {
    const text = 'a\n\nb\n\n```\nc\n\nd\n```\n\n- e\n\n- f';
    expect(splitMarkdownBlocks(text).join('\n\n')).toBe(text);
  });
});

describe('safe URLs', () => {
  it('keeps web and mail links, neutralises script and data URLs in every disguise', () => {
    expect(safeUrl('https://example.com/a?b=1')).toBe('https://example.com/a?b=1');
    expect(safeUrl('mailto:someone@example.com')).toBe('mailto:someone@example.com');
    expect(safeUrl('javascript:alert(1)')).toBe('');
    expect(safeUrl('JaVaScRiPt:alert(1)')).toBe('');
    expect(safeUrl(' javascript:alert(1)')).toBe('');
    expect(safeUrl('java\tscript:alert(1)')).toBe('');
    expect(safeUrl('data:text/html;base64,PHNjcmlwdD4=')).toBe('');
    expect(safeUrl('vbscript:msgbox(1)')).toBe('');
    // Protocol-relative links go to another host: dropped, in every spelling a browser follows.
    for (const url of [
      '//evil.example/p',
      ' //evil.example',
      '\\\\evil.example/p',
      '/\\evil.example',
      '/\t/evil.example',
    ]) {
      expect(safeUrl(url)).toBe('');
    }
    expect(safeUrl('/chat/relative')).toBe('/chat/relative');
    expect(safeUrl('#section')).toBe('#section');
    // Only an image may keep an inline (request-free) address.
    const png = 'data:image/png;base64,iVBORw0KGgo=';
    expect(safeMarkdownUrl(png, 'src', { tagName: 'img' })).toBe(png);
    expect(safeMarkdownUrl(png, 'href', { tagName: 'a' })).toBe('');
    expect(safeMarkdownUrl('data:image/svg+xml,<svg/>', 'src', { tagName: 'img' })).toBe('');
  });
});

describe('MarkdownRenderer', () => {
  it('renders GFM tables, lists and math, and links that open safely in a new tab', () => {
    const { container } = renderMarkdown(
      '| a | b |\n| - | - |\n| 1 | 2 |\n\n- item\n\nInline $x^2$ and [site](https://example.com).\n\n$$\nE = mc^2\n$$',
    );
    expect(screen.getByRole('table')).toBeTruthy();
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['a', 'b']);
    expect(screen.getByRole('listitem').textContent).toBe('item');
    const link = screen.getByRole('link', { name: 'site' });
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(container.querySelectorAll('.katex').length).toBe(2);
    expect(container.querySelector('.katex-display')).not.toBeNull();
  });

  it('never renders raw HTML or script: tags are dropped, javascript: links lose their href', () => {
    const { container } = renderMarkdown(
      'Hi <img src=x onerror="alert(1)"> <script>alert(2)</script> [bad](javascript:alert(3)) <b>bold?</b>',
    );
    expect(container.querySelector('img, script, b')).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
    expect(container.textContent).toContain('bad');
  });

  it('a remote image in an answer is a placeholder, not an <img>: the answer cannot send chat text out', () => {
    const { container } = renderMarkdown(
      'Look ![x](https://any.host/?q=my%20secret) and ![dot](data:image/png;base64,iVBORw0KGgo=) and ![bad](data:text/html;base64,PHNjcmlwdD4=)',
    );
    expect(screen.getByRole('group', { name: 'Image from any.host' })).toBeTruthy();
    expect([...container.querySelectorAll('img')].map((img) => img.getAttribute('src'))).toEqual([
      'data:image/png;base64,iVBORw0KGgo=',
    ]);
  });

  it('a code block has a language label and a copy button', () => {
    renderMarkdown('```python\nprint("hi")\n```');
    expect(screen.getByRole('button', { name: 'Copy code' })).toBeTruthy();
    expect(screen.getByText('python')).toBeTruthy();
    expect(screen.getByLabelText('python code').textContent).toBe('print("hi")');
  });
});
