import { useLayoutEffect, useState, type CSSProperties, type RefObject } from 'react';

export type PopoverRequest = {
  /** The width wanted; a narrower screen gets its width less the margins. */
  width: number;
  /** The height wanted at most; less when the screen has less room. */
  maxHeight?: number | undefined;
  /** Which side of the anchor, when it has room; default below. */
  side?: 'below' | 'above' | undefined;
  /** Which of the anchor's edges the popover lines up with; default its start (left). */
  align?: 'start' | 'end' | undefined;
};

type AnchorBox = Pick<DOMRect, 'top' | 'bottom' | 'left' | 'right'>;
type Viewport = { width: number; height: number };

const MARGIN_PX = 8;
const GAP_PX = 4;
/** Less room than this on the wanted side, and more on the other: the popover flips. */
const FLIP_BELOW_PX = 200;

/**
 * Where a popover opened from a control goes, in viewport coordinates (position: fixed): beside its
 * anchor, but always whole on screen. Anchored by `left-0` to a button near the right edge, a
 * popover used to reach past a phone's edge and make the page scroll sideways; this is the one rule
 * every popover follows instead.
 */
export function placePopover(anchor: AnchorBox, viewport: Viewport, request: PopoverRequest): CSSProperties {
  const width = Math.max(0, Math.min(request.width, viewport.width - 2 * MARGIN_PX));
  const wantedLeft = request.align === 'end' ? anchor.right - width : anchor.left;
  const left = Math.max(MARGIN_PX, Math.min(wantedLeft, viewport.width - MARGIN_PX - width));
  const roomBelow = Math.max(0, viewport.height - anchor.bottom - GAP_PX - MARGIN_PX);
  const roomAbove = Math.max(0, anchor.top - GAP_PX - MARGIN_PX);
  const wanted = request.maxHeight ?? Number.POSITIVE_INFINITY;
  const enough = Math.min(wanted, FLIP_BELOW_PX);
  const preferBelow = request.side !== 'above';
  const below = preferBelow
    ? roomBelow >= enough || roomBelow >= roomAbove
    : roomAbove < enough && roomBelow > roomAbove;
  return below
    ? { position: 'fixed', left, width, top: anchor.bottom + GAP_PX, maxHeight: Math.min(wanted, roomBelow) }
    : {
        position: 'fixed',
        left,
        width,
        bottom: viewport.height - anchor.top + GAP_PX,
        maxHeight: Math.min(wanted, roomAbove),
      };
}

/**
 * The place of an open popover next to `anchorRef` (see placePopover), kept up to date while the
 * window resizes or anything scrolls. Undefined while closed and until measured: render the popover
 * only once it has a place, so it never shows, or scrolls anything, where it does not belong. Inside
 * a transformed ancestor (a virtualised list's rows) "fixed" is relative to that ancestor: render
 * the popover in a portal there.
 */
export function useAnchoredPopover(
  anchorRef: RefObject<HTMLElement | null>,
  open: boolean,
  { width, maxHeight, side, align }: PopoverRequest,
): CSSProperties | undefined {
  const [style, setStyle] = useState<CSSProperties | undefined>(undefined);
  useLayoutEffect(() => {
    // Closed: the hook returns undefined below, and the next open measures before paint.
    if (!open) return;
    const update = () => {
      const anchor = anchorRef.current;
      if (!anchor) return;
      const viewport = { width: document.documentElement.clientWidth, height: window.innerHeight };
      const next = placePopover(anchor.getBoundingClientRect(), viewport, { width, maxHeight, side, align });
      // Scrolling inside the popover itself moves nothing: keep the same object, no re-render.
      setStyle((previous) => (previous && samePlace(previous, next) ? previous : next));
    };
    update();
    window.addEventListener('resize', update);
    window.addEventListener('scroll', update, true);
    return () => {
      window.removeEventListener('resize', update);
      window.removeEventListener('scroll', update, true);
    };
  }, [anchorRef, open, width, maxHeight, side, align]);
  return open ? style : undefined;
}

function samePlace(a: CSSProperties, b: CSSProperties): boolean {
  const keys = ['left', 'width', 'top', 'bottom', 'maxHeight'] as const;
  return keys.every((key) => a[key] === b[key]);
}
