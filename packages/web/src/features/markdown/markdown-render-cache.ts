import type { ReactElement } from 'react';

/**
 * Rendered markdown pieces by their text, so a message that scrolls back into view, or comes back
 * when a branch is switched, mounts without parsing again (a long answer costs tens of ms to parse:
 * BR8's repaint budget is 50 ms). React elements are immutable: one element tree can be mounted any
 * number of times. Least recently used pieces go first once the texts held pass `maxChars`.
 */
export class RenderCache {
  private readonly entries = new Map<string, ReactElement>();
  private chars = 0;

  constructor(private readonly maxChars: number) {}

  /** The cached element for `key` (its text), or `render()`'s, kept for next time. */
  get(key: string, render: () => ReactElement): ReactElement {
    const hit = this.entries.get(key);
    if (hit !== undefined) {
      // Most recently used last: Map keeps insertion order.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    const element = render();
    if (key.length > this.maxChars) return element;
    this.entries.set(key, element);
    this.chars += key.length;
    for (const [oldest] of this.entries) {
      if (this.chars <= this.maxChars) break;
      this.entries.delete(oldest);
      this.chars -= oldest.length;
    }
    return element;
  }

  get size(): number {
    return this.entries.size;
  }
}
