import { useState } from 'react';

/**
 * Results rendered at first: a little more than the list shows (about ten rows in its 560 px).
 * Rendering all 50 results on every keystroke is what made typing miss frames; the rest follow as
 * the user scrolls or moves the selection down (decision 0082).
 */
export const FIRST_WINDOW = 12;
const STEP = 12;

export interface ResultWindow<T> {
  readonly shown: readonly T[];
  /** Renders more results, when there are more. */
  readonly more: () => void;
  /** Whether result `index` is near the end of what is rendered (selection moving down: time for more). */
  readonly nearEnd: (index: number) => boolean;
}

/** The first results of `results`; a new answer starts again from the first window. */
export function useResultWindow<T>(results: readonly T[]): ResultWindow<T> {
  const [rendered, setRendered] = useState<{ readonly results: readonly T[]; readonly count: number }>({
    results,
    count: FIRST_WINDOW,
  });
  const count = rendered.results === results ? rendered.count : FIRST_WINDOW;
  return {
    shown: count >= results.length ? results : results.slice(0, count),
    more() {
      if (count < results.length) setRendered({ results, count: count + STEP });
    },
    nearEnd: (index) => index >= count - 2 && count < results.length,
  };
}
