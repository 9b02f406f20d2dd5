import {
  cloneElement,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type ReactElement,
  type ReactNode,
} from 'react';
import { createPortal } from 'react-dom';
import { focusCameFromTab, watchTabbing } from './focus-source';
import { Kbd } from './Kbd';

export type TooltipSide = 'top' | 'bottom' | 'right';

export type TooltipProps = {
  content: ReactNode;
  shortcut?: string | undefined;
  side?: TooltipSide;
  /**
   * True when the content only repeats the trigger's accessible name (icon buttons): the tooltip is
   * then hidden from assistive technology instead of being read twice.
   */
  decorative?: boolean;
  children: ReactElement<{ 'aria-describedby'?: string }>;
};

const SHOW_DELAY_MS = 350;
const GAP_PX = 6;
const VIEWPORT_MARGIN_PX = 8;

/**
 * Shows on hover (after a short delay) and when Tab brings focus to it; Escape or leaving hides it.
 * Focus a script moves (a dialog's first field, the opener focused again) shows nothing.
 */
export function Tooltip({ content, shortcut, side = 'bottom', decorative = false, children }: TooltipProps) {
  const id = useId();
  const anchorRef = useRef<HTMLSpanElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const tooltipRef = useRef<HTMLSpanElement>(null);
  const [position, setPosition] = useState<CSSProperties | null>(null);

  const show = (delay: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const rect = anchorRef.current?.getBoundingClientRect();
      if (rect) setPosition(positionFor(rect, side));
    }, delay);
  };
  const hide = () => {
    clearTimeout(timer.current);
    setPosition(null);
  };

  useEffect(() => {
    watchTabbing();
    return () => clearTimeout(timer.current);
  }, []);
  // Keep the bubble inside the viewport (buttons at the window edge).
  useLayoutEffect(() => {
    const bubble = tooltipRef.current;
    if (!position || !bubble) return;
    const rect = bubble.getBoundingClientRect();
    const overflowRight = rect.right - (window.innerWidth - VIEWPORT_MARGIN_PX);
    const overflowLeft = VIEWPORT_MARGIN_PX - rect.left;
    if (overflowRight > 0) bubble.style.marginLeft = `${-overflowRight}px`;
    else if (overflowLeft > 0) bubble.style.marginLeft = `${overflowLeft}px`;
  }, [position]);
  useEffect(() => {
    if (!position) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && hide();
    window.addEventListener('keydown', onKey);
    window.addEventListener('scroll', hide, true);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('scroll', hide, true);
    };
  }, [position]);

  const trigger = decorative ? children : cloneElement(children, { 'aria-describedby': id });

  return (
    <span
      ref={anchorRef}
      className="inline-flex"
      onMouseEnter={() => show(SHOW_DELAY_MS)}
      onMouseLeave={hide}
      onFocus={(event) => focusCameFromTab() && isKeyboardFocus(event.target) && show(0)}
      onBlur={hide}
      onMouseDown={hide}
    >
      {trigger}
      {position &&
        createPortal(
          <span
            ref={tooltipRef}
            id={id}
            role="tooltip"
            aria-hidden={decorative || undefined}
            style={position}
            className="pointer-events-none fixed z-[60] flex items-center gap-2 rounded-md bg-zinc-900 px-2 py-1 text-xs font-medium whitespace-nowrap text-white shadow-popover dark:bg-zinc-700"
          >
            {content}
            {shortcut && <Kbd className="border-white/20 bg-white/10 text-white/80">{shortcut}</Kbd>}
          </span>,
          document.body,
        )}
    </span>
  );
}

function positionFor(rect: DOMRect, side: TooltipSide): CSSProperties {
  switch (side) {
    case 'top':
      return {
        left: rect.left + rect.width / 2,
        top: rect.top - GAP_PX,
        transform: 'translate(-50%, -100%)',
      };
    case 'right':
      return { left: rect.right + GAP_PX, top: rect.top + rect.height / 2, transform: 'translateY(-50%)' };
    case 'bottom':
      return { left: rect.left + rect.width / 2, top: rect.bottom + GAP_PX, transform: 'translateX(-50%)' };
  }
}

function isKeyboardFocus(element: EventTarget): boolean {
  try {
    return element instanceof Element && element.matches(':focus-visible');
  } catch {
    return false;
  }
}
