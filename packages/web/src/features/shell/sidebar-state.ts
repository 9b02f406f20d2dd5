import { useCallback, useState } from 'react';
import { localPref } from '../../lib/local-pref';

export const SIDEBAR_COLLAPSED_KEY = 'TM_sidebarCollapsed';

export const sidebarCollapsedPref = localPref(
  SIDEBAR_COLLAPSED_KEY,
  (value) => (typeof value === 'boolean' ? value : undefined),
  false,
);

/** Whether the sidebar is collapsed; remembered across reloads. */
export function useSidebarCollapsed(): [collapsed: boolean, toggle: () => void] {
  const [collapsed, setCollapsed] = useState(() => sidebarCollapsedPref.read());
  const toggle = useCallback(() => {
    setCollapsed((previous) => {
      sidebarCollapsedPref.write(!previous);
      return !previous;
    });
  }, []);
  return [collapsed, toggle];
}
