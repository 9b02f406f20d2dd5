import { render } from '@testing-library/react';
import { createElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { RenderCache } from '../../src/features/markdown/markdown-render-cache';
import MarkdownRenderer from '../../src/features/markdown/MarkdownRenderer';
import { createI18n } from '../../src/i18n';

describe('rendered markdown is kept by its text', () => {
  it('renders a text once and hands back the same element after', () => {
    const cache = new RenderCache(1_000);
    const render = vi.fn(() => createElement('p', null, 'hello'));
    const first = cache.get('hello', render);
    const second = cache.get('hello', render);
    expect(second).toBe(first);
    expect(render).toHaveBeenCalledTimes(1);
  });

  it('forgets the least recently used texts once it holds more than its limit', () => {
    const cache = new RenderCache(10);
    const element = () => createElement('p');
    cache.get('aaaa', element);
    cache.get('bbbb', element);
    cache.get('aaaa', element); // used again: bbbb is now the oldest
    cache.get('cccc', element);
    expect(cache.size).toBe(2);
    const again = vi.fn(element);
    cache.get('aaaa', again);
    cache.get('cccc', again);
    expect(again).not.toHaveBeenCalled();
    cache.get('bbbb', again);
    expect(again).toHaveBeenCalledTimes(1);
  });

  it('does not keep a text larger than the whole cache', () => {
    const cache = new RenderCache(3);
    const element = vi.fn(() => createElement('p'));
    cache.get('too long', element);
    cache.get('too long', element);
    expect(element).toHaveBeenCalledTimes(2);
    expect(cache.size).toBe(0);
  });

  it('mounts a finished answer again with the same markup (links, code, tables)', () => {
    const text =
      'Some **bold** and a [link](https://example.com)\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n```ts\nconst x = 1;\n```';
    const html = () => {
      const view = render(
        <I18nextProvider i18n={createI18n()}>
          <MarkdownRenderer text={text} />
        </I18nextProvider>,
      );
      const markup = view.container.innerHTML;
      view.unmount();
      return markup;
    };
    const first = html();
    expect(first).toContain('<strong>bold</strong>');
    expect(first).toContain('href="https://example.com"');
    expect(html()).toBe(first);
  });
});
