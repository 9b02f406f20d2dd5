import { fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { CitationLinksContext, type CitationLinks } from '../../src/features/markdown/citation-links';
import MarkdownRenderer from '../../src/features/markdown/MarkdownRenderer';
import { createI18n } from '../../src/i18n';

const ANSWER =
  'The ferry leaves at 7:40 [1]. Bikes ride free [1, 2] and [3] is unknown.\n\n' +
  'Not in code: `see [1]`, nor a [link [2]](https://example.com).\n\n```\narr[1]\n```\n\n' +
  '<button onclick="alert(1)">[2]</button>';

function renderAnswer(links: CitationLinks | null) {
  return render(
    <I18nextProvider i18n={createI18n()}>
      <CitationLinksContext value={links}>
        <MarkdownRenderer text={ANSWER} />
      </CitationLinksContext>
    </I18nextProvider>,
  );
}

describe('numbered references in the answer text (decision 0132)', () => {
  it('KB13 a number the sources know is a button that opens it; others, code, links and raw HTML stay text', () => {
    const open = vi.fn();
    const names: Record<number, string> = { 1: 'ferry.md › Ferry', 2: 'bikes.md' };
    const view = renderAnswer({
      label: (number) => (names[number] ? `Source ${String(number)}: ${names[number]}` : null),
      open,
    });
    const buttons = screen.getAllByRole('button', { name: /^Source / });
    expect(buttons.map((button) => [button.textContent, button.getAttribute('aria-label')])).toEqual([
      ['[1]', 'Source 1: ferry.md › Ferry'],
      ['1', 'Source 1: ferry.md › Ferry'],
      ['2', 'Source 2: bikes.md'],
      // The raw tags around it are dropped (skipHtml); the reference inside is the answer's own.
      ['[2]', 'Source 2: bikes.md'],
    ]);
    // Keyboard: a real button, in the tab order, activated like any other.
    expect(buttons[0]!.tagName).toBe('BUTTON');
    expect(buttons[0]!.getAttribute('type')).toBe('button');
    fireEvent.click(buttons[2]!);
    expect(open).toHaveBeenCalledWith(2);
    // The text reads as written around them.
    expect(view.container.textContent).toContain('Bikes ride free [1, 2] and [3] is unknown.');
    expect(view.container.querySelector('code')?.textContent).toBe('see [1]');
    expect(view.container.querySelector('a')?.textContent).toBe('link [2]');
    expect(view.container.querySelector('pre')?.textContent).toContain('arr[1]');
    // Raw HTML is skipped (skipHtml): the only buttons are the references.
    expect(view.container.querySelectorAll('button[onclick]')).toHaveLength(0);
  });

  it('KB13 without sources the same answer has no reference buttons and reads the same', () => {
    const view = renderAnswer(null);
    expect(screen.queryAllByRole('button', { name: /^Source / })).toHaveLength(0);
    expect(view.container.textContent).toContain('The ferry leaves at 7:40 [1]. Bikes ride free [1, 2]');
  });
});
