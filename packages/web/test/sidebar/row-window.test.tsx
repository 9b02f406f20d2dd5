import { act, render } from '@testing-library/react';
import { useCallback, useRef } from 'react';
import { describe, expect, it } from 'vitest';
import { useRowWindow } from '../../src/features/sidebar/use-row-window';

/** Rows 0..count-1: every third is a 32 px heading, the others 56 px chats (the sidebar's kinds). */
const heightOf = (index: number) => (index % 3 === 0 ? 32 : 56);

let renders = 0;

function List({ count, overscan = 2 }: { count: number; overscan?: number }) {
  renders++;
  const scrollRef = useRef<HTMLDivElement>(null);
  const size = useCallback((index: number) => heightOf(index), []);
  const key = useCallback((index: number) => `row-${index}`, []);
  const rowWindow = useRowWindow({ count, size, key, scrollRef, overscan });
  return (
    <div ref={scrollRef} data-testid="scroller">
      <ul data-total={rowWindow.totalSize}>
        {rowWindow.items.map((item) => (
          <li key={item.key} data-index={item.index} data-start={item.start} data-size={item.size} />
        ))}
      </ul>
    </div>
  );
}

/** jsdom lays nothing out: the scroller's height and position are set by hand, then a scroll event. */
function scrollTo(scroller: HTMLElement, top: number, height = 300) {
  Object.defineProperty(scroller, 'clientHeight', { configurable: true, value: height });
  Object.defineProperty(scroller, 'scrollTop', { configurable: true, value: top });
  act(() => {
    scroller.dispatchEvent(new Event('scroll'));
  });
}

const shownRows = (container: HTMLElement) =>
  [...container.querySelectorAll('li')].map((li) => Number(li.getAttribute('data-index')));

describe('the sidebar renders only the rows in view (use-row-window)', () => {
  it('places every row by the heights of the rows above it and sizes the list for all of them', () => {
    const { container } = render(<List count={10_000} />);
    const total = Array.from({ length: 10_000 }, (_, index) => heightOf(index)).reduce((a, b) => a + b, 0);
    expect(container.querySelector('ul')!.getAttribute('data-total')).toBe(String(total));
    const second = container.querySelector('li[data-index="1"]')!;
    expect(second.getAttribute('data-start')).toBe('32');
    expect(second.getAttribute('data-size')).toBe('56');
  });

  it('shows the rows in view plus the overscan on each side, and follows the scroll', () => {
    const { container, getByTestId } = render(<List count={10_000} />);
    const scroller = getByTestId('scroller');
    // 144 px per three rows: at 14,400 px row 300 is at the top; 300 px show rows 300..306 (the
    // last one in part).
    scrollTo(scroller, 14_400);
    expect(shownRows(container)).toEqual([298, 299, 300, 301, 302, 303, 304, 305, 306, 307, 308]);
    const first = container.querySelector('li[data-index="300"]')!;
    expect(first.getAttribute('data-start')).toBe('14400');
    // The end of the list: no row past the last one.
    scrollTo(scroller, 10_000 * 48 - 300);
    expect(shownRows(container).at(-1)).toBe(9_999);
  });

  it('renders again only when the rows in view change, not on every scrolled pixel', () => {
    const { getByTestId } = render(<List count={1_000} />);
    const scroller = getByTestId('scroller');
    scrollTo(scroller, 14_400);
    const before = renders;
    scrollTo(scroller, 14_401);
    scrollTo(scroller, 14_410);
    expect(renders).toBe(before);
    scrollTo(scroller, 14_400 + 40);
    expect(renders).toBe(before + 1);
  });

  it('shows the first rows before the list has a height, and nothing for an empty list', () => {
    const { container } = render(<List count={50} />);
    expect(shownRows(container)).toEqual([0, 1, 2]);
    const empty = render(<List count={0} />);
    expect(shownRows(empty.container)).toEqual([]);
    expect(empty.container.querySelector('ul')!.getAttribute('data-total')).toBe('0');
  });
});
