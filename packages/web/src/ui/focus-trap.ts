const FOCUSABLE = [
  'a[href]',
  'area[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  'audio[controls]',
  'video[controls]',
  '[contenteditable]:not([contenteditable="false"])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

/** Elements inside `container` reachable with Tab, in document order. */
export function tabbableElements(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (element) =>
      !element.closest('[inert]') && !element.hidden && element.getAttribute('aria-hidden') !== 'true',
  );
}

/**
 * Keeps Tab and Shift+Tab cycling inside `container`. Returns true when it moved focus itself
 * (the caller then prevents the browser's default move).
 */
export function cycleFocus(container: HTMLElement, backwards: boolean): boolean {
  const tabbables = tabbableElements(container);
  if (tabbables.length === 0) {
    container.focus();
    return true;
  }
  const first = tabbables[0]!;
  const last = tabbables[tabbables.length - 1]!;
  const active = document.activeElement;
  const outside = !active || !container.contains(active);
  if (backwards && (active === first || active === container || outside)) {
    last.focus();
    return true;
  }
  if (!backwards && (active === last || outside)) {
    first.focus();
    return true;
  }
  return false;
}
