import { useCallback, useState, useSyncExternalStore } from 'react';
import { localPref } from '../../lib/local-pref';

export const SIDEBAR_COLLAPSED_KEY = 'TM_sidebarCollapsed';

/** Below Tailwind's `md` breakpoint the sidebar overlays the chat instead of sitting beside it. */
export const NARROW_SCREEN_QUERY = '(max-width: 767.98px)';

export const sidebarCollapsedPref = localPref(
  SIDEBAR_COLLAPSED_KEY,
  (value) => (typeof value === 'boolean' ? value : undefined),
  false,
);

function subscribeToWidth(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => {};
  const query = window.matchMedia(NARROW_SCREEN_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

function isNarrowScreen(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(NARROW_SCREEN_QUERY).matches;
}

export type SidebarState = {
  collapsed: boolean;
  /** The sidebar covers the chat (a narrow screen): choosing something should close it. */
  overlay: boolean;
  toggle: () => void;
  /** Closes the sidebar when it covers the chat; does nothing beside it. */
  closeOverlay: () => void;
};

/**
 * Whether the sidebar is shown. On a wide screen the choice is remembered across reloads. On a
 * phone the chat comes first: the sidebar starts closed, opens over the chat, and opening or
 * closing it there does not change what a wide screen remembers.
 */
export function useSidebarState(): SidebarState {
  const narrow = useSyncExternalStore(subscribeToWidth, isNarrowScreen, () => false);
  const [collapsedWide, setCollapsedWide] = useState(() => sidebarCollapsedPref.read());
  const [openNarrow, setOpenNarrow] = useState(false);
  // Leaving the narrow layout ends the overlay: coming back shows the chat first again.
  const [wasNarrow, setWasNarrow] = useState(narrow);
  if (wasNarrow !== narrow) {
    setWasNarrow(narrow);
    if (!narrow) setOpenNarrow(false);
  }
  const toggle = useCallback(() => {
    if (isNarrowScreen()) {
      setOpenNarrow((open) => !open);
      return;
    }
    setCollapsedWide((previous) => {
      sidebarCollapsedPref.write(!previous);
      return !previous;
    });
  }, []);
  const closeOverlay = useCallback(() => {
    if (isNarrowScreen()) setOpenNarrow(false);
  }, []);
  return {
    collapsed: narrow ? !openNarrow : collapsedWide,
    overlay: narrow && openNarrow,
    toggle,
    closeOverlay,
  };
}
