import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';

/** How close to the end still counts as "at the end" (pixels). */
const AT_END_PX = 48;

/**
 * Keeps a scroll container pinned to its end while its content grows (a streaming answer), until the
 * user scrolls up; scrolling back to the end, or `jumpToEnd`, pins it again. Growth alone never
 * unpins: only a scroll that moves up does.
 */
export function useStickToBottom(
  scrollRef: RefObject<HTMLElement | null>,
  contentRef: RefObject<HTMLElement | null>,
): { pinned: boolean; jumpToEnd: () => void; pinnedRef: RefObject<boolean> } {
  const pinnedRef = useRef(true);
  const [pinned, setPinned] = useState(true);
  const lastTop = useRef(0);

  const setPinnedBoth = useCallback((value: boolean) => {
    pinnedRef.current = value;
    setPinned(value);
  }, []);

  const scrollToEnd = useCallback(() => {
    const element = scrollRef.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [scrollRef]);

  useEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    const onScroll = () => {
      const top = element.scrollTop;
      const atEnd = element.scrollHeight - top - element.clientHeight <= AT_END_PX;
      if (atEnd) {
        if (!pinnedRef.current) setPinnedBoth(true);
      } else if (top < lastTop.current - 1 && pinnedRef.current) {
        setPinnedBoth(false);
      }
      lastTop.current = top;
    };
    element.addEventListener('scroll', onScroll, { passive: true });
    return () => element.removeEventListener('scroll', onScroll);
  }, [scrollRef, setPinnedBoth]);

  useEffect(() => {
    const content = contentRef.current;
    if (!content || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (pinnedRef.current) scrollToEnd();
    });
    observer.observe(content);
    return () => observer.disconnect();
  }, [contentRef, scrollToEnd]);

  const jumpToEnd = useCallback(() => {
    setPinnedBoth(true);
    scrollToEnd();
  }, [scrollToEnd, setPinnedBoth]);

  return { pinned, jumpToEnd, pinnedRef };
}
