import type { Locator, Page } from '@playwright/test';

/**
 * Elements that make something scroll sideways or cut content off at its side: each element (the
 * root and all inside it) whose content is wider than its box while its overflow is not `visible`
 * (a scroller or a clipper), each text whose words run out of their box (a label squeezed under
 * the control beside it), and anything reaching past the window's edges. Text cut with an ellipsis
 * on purpose, visually hidden text and the sideways scrollers meant to be scrolled
 * (`[data-scroll-x]`: tab strips, tables and code in answers) are left out. For the page itself,
 * the root is <html>: `scrollWidth <= clientWidth`.
 */
export async function sidewaysOverflow(target: Page | Locator): Promise<string[]> {
  const run = (element: Element | null) => {
    const start = element ?? document.documentElement;
    const offenders: Array<{ el: Element; text: string }> = [];
    const describe = (el: Element) => {
      const name =
        el.getAttribute('aria-label') ??
        el.getAttribute('role') ??
        (el.textContent ?? '').trim().slice(0, 40);
      return `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 60)} "${name}"`;
    };
    const viewport = document.documentElement.clientWidth;
    for (const el of [start, ...Array.from(start.querySelectorAll('*'))]) {
      // Text fields scroll their own long values, as they should.
      if (el.closest('[data-scroll-x]') || el.matches('input, textarea')) continue;
      const style = getComputedStyle(el);
      if (style.display === 'none' || style.visibility === 'hidden') continue;
      const clips = style.overflowX !== 'visible' || el === document.documentElement;
      const ownText = Array.from(el.childNodes).some(
        (node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() !== '',
      );
      const tooWide = el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 1;
      if (
        (clips || ownText) &&
        tooWide &&
        style.textOverflow !== 'ellipsis' &&
        !el.classList.contains('sr-only')
      )
        offenders.push({
          el,
          text: `${describe(el)} scrollWidth ${el.scrollWidth} > clientWidth ${el.clientWidth}`,
        });
      const rect = el.getBoundingClientRect();
      if (rect.width > 0 && (rect.right > viewport + 1 || rect.left < -1) && !isClippedAway(el))
        offenders.push({
          el,
          text: `${describe(el)} spans ${Math.round(rect.left)}..${Math.round(rect.right)} of ${viewport}`,
        });
    }
    // The outermost element says where the fault is; everything inside it follows.
    return offenders
      .filter(
        ({ el }) =>
          !offenders.some((other) => other.el !== el && other.el.contains(el) && other.el !== start),
      )
      .map(({ text }) => text);

    /** Off-screen on purpose: screen-reader-only text, or a closed sidebar moved out of view. */
    function isClippedAway(el: Element): boolean {
      return !!el.closest('.sr-only, [inert], [aria-hidden="true"]');
    }
  };
  return 'goto' in target ? target.evaluate(run, null) : target.evaluate(run);
}
