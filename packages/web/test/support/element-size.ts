import { afterAll, beforeAll } from 'vitest';

/**
 * jsdom lays nothing out: gives every element a size for the tests of a file (registered with its
 * beforeAll/afterAll), so a virtual list renders rows.
 */
export function giveElementsSize(height: number, width: number): void {
  beforeAll(() => {
    Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => height });
    Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => width });
  });
  afterAll(() => {
    delete (HTMLElement.prototype as { clientHeight?: number }).clientHeight;
    delete (HTMLElement.prototype as { clientWidth?: number }).clientWidth;
  });
}
