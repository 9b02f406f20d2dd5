import { useEffect, type RefObject } from 'react';

/**
 * When this view replaced the one that held focus (license activated, device deactivated, signed in
 * to cloud sync), focus fell to <body>, outside the Settings dialog, and Escape stopped working. Take
 * it in that case only.
 */
export function useRescueFocus(target: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const active = document.activeElement;
    if (!active || active === document.body) target.current?.focus();
  }, [target]);
}
