import { useLayoutEffect, useMemo, useState, type RefObject } from 'react';

export type WindowRow = { index: number; key: string | number; start: number; size: number };

export type RowWindow = {
  /** The rows in view plus `overscan` on each side, in order. */
  items: WindowRow[];
  /** The height of the whole list (every row), for the list element. */
  totalSize: number;
};

type Viewport = { top: number; height: number };

/** The index of the row at `y` (the last row whose top is at or above it), by binary search. */
function rowAt(offsets: Float64Array, y: number): number {
  const count = offsets.length - 1;
  if (count <= 0) return 0;
  let low = 0;
  let high = count - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (offsets[middle]! <= y) low = middle;
    else high = middle - 1;
  }
  return low;
}

function sameRows(offsets: Float64Array, a: Viewport, b: Viewport): boolean {
  return (
    rowAt(offsets, a.top) === rowAt(offsets, b.top) &&
    rowAt(offsets, a.top + a.height) === rowAt(offsets, b.top + b.height)
  );
}

/**
 * The rows of a list whose row heights are known without measuring (the sidebar's: fixed by kind)
 * that are in view, plus `overscan` rows on each side. The list renders again only when the first or
 * the last row in view changes, not on every scrolled pixel. This is the part of a virtualiser such
 * a list needs; the sidebar used TanStack Virtual, which kept about 10 kB gzip in the first chunk
 * (decision 0097; the message list, whose rows are measured, still uses it).
 */
export function useRowWindow({
  count,
  size,
  key,
  scrollRef,
  overscan,
}: {
  count: number;
  size: (index: number) => number;
  key: (index: number) => string | number;
  scrollRef: RefObject<HTMLElement | null>;
  overscan: number;
}): RowWindow {
  const offsets = useMemo(() => {
    const tops = new Float64Array(count + 1);
    for (let index = 0; index < count; index++) tops[index + 1] = tops[index]! + size(index);
    return tops;
  }, [count, size]);
  const [viewport, setViewport] = useState<Viewport>({ top: 0, height: 0 });

  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    const read = () => {
      const next = { top: element.scrollTop, height: element.clientHeight };
      setViewport((previous) => (sameRows(offsets, previous, next) ? previous : next));
    };
    read();
    element.addEventListener('scroll', read, { passive: true });
    const observer = new ResizeObserver(read);
    observer.observe(element);
    return () => {
      element.removeEventListener('scroll', read);
      observer.disconnect();
    };
  }, [scrollRef, offsets]);

  return useMemo(() => {
    const items: WindowRow[] = [];
    if (count > 0) {
      const first = Math.max(0, rowAt(offsets, viewport.top) - overscan);
      const last = Math.min(count - 1, rowAt(offsets, viewport.top + viewport.height) + overscan);
      for (let index = first; index <= last; index++) {
        const start = offsets[index]!;
        items.push({ index, key: key(index), start, size: offsets[index + 1]! - start });
      }
    }
    return { items, totalSize: offsets[count]! };
  }, [offsets, viewport, count, overscan, key]);
}
