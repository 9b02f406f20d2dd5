import { useEffect, type RefObject } from 'react';

/**
 * When this view replaced the one that held focus (signed in: the form is gone), focus fell to
 * <body>, outside the Settings dialog, and Escape stopped closing it. Take focus in that case only.
 */
export function useRescueFocus(target: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const active = document.activeElement;
    if (!active || active === document.body) target.current?.focus();
  }, [target]);
}
