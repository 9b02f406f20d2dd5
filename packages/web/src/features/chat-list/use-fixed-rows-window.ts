import { useEffect, useState, type RefObject } from 'react';

/**
 * Windowing for a list of equal-height rows: which rows intersect the scroll container's viewport,
 * plus some overscan. A few lines of arithmetic instead of a virtualisation library keep the sidebar
 * (shown at first load) light; the message list, whose rows vary in height, uses TanStack Virtual.
 */
export function useFixedRowsWindow(
  scrollRef: RefObject<HTMLElement | null>,
  count: number,
  rowHeight: number,
  overscan = 8,
): { first: number; last: number } {
  const [view, setView] = useState({ top: 0, height: 800 });
  useEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    const update = () => setView({ top: element.scrollTop, height: element.clientHeight || 800 });
    update();
    element.addEventListener('scroll', update, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    observer?.observe(element);
    return () => {
      element.removeEventListener('scroll', update);
      observer?.disconnect();
    };
  }, [scrollRef, count]);
  const first = Math.max(0, Math.floor(view.top / rowHeight) - overscan);
  const last = Math.min(count - 1, Math.ceil((view.top + view.height) / rowHeight) + overscan);
  return { first, last };
}
