import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FIRST_WINDOW, useResultWindow } from '../../src/features/command-palette/result-window';

const results = (count: number, tag = 'r') => Array.from({ length: count }, (_, i) => `${tag}${i}`);

describe('palette result window', () => {
  it('renders the first results of each answer, more on demand, and starts again with a new answer', () => {
    const first = results(50);
    const { result, rerender } = renderHook(({ answer }) => useResultWindow(answer), {
      initialProps: { answer: first },
    });
    expect(result.current.shown).toEqual(first.slice(0, FIRST_WINDOW));
    expect(result.current.nearEnd(FIRST_WINDOW - 1)).toBe(true);
    expect(result.current.nearEnd(0)).toBe(false);
    act(() => result.current.more());
    expect(result.current.shown.length).toBe(2 * FIRST_WINDOW);
    for (let i = 0; i < 5; i++) act(() => result.current.more());
    expect(result.current.shown).toEqual(first);
    expect(result.current.nearEnd(49)).toBe(false);

    rerender({ answer: results(50, 'next') });
    expect(result.current.shown).toEqual(results(50, 'next').slice(0, FIRST_WINDOW));
    rerender({ answer: results(3) });
    expect(result.current.shown).toEqual(results(3));
  });
});
