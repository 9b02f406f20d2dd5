import { act, render, screen } from '@testing-library/react';
import { Suspense, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { LazyPart } from '../../src/features/errors/LazyPart';
import { LazyPartBoundary, useRetryableLazy } from '../../src/features/errors/LazyPartBoundary';

function Part() {
  return <p>Settings content</p>;
}

describe('a lazily loaded part whose chunk fails', () => {
  it('reports the failure instead of crashing, and loads again on the next attempt', async () => {
    const load = vi
      .fn<() => Promise<{ default: typeof Part }>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue({ default: Part });
    const failures: unknown[] = [];

    function Host() {
      const [Lazy, retry] = useRetryableLazy(load);
      const [attempt, setAttempt] = useState(0);
      return (
        <div>
          <p>The rest of the app</p>
          <button type="button" onClick={() => setAttempt((count) => count + 1)}>
            Open again
          </button>
          <LazyPartBoundary
            key={attempt}
            onFailed={(error) => {
              failures.push(error);
              retry();
            }}
          >
            <Suspense fallback={<p>Loading</p>}>
              <Lazy />
            </Suspense>
          </LazyPartBoundary>
        </div>
      );
    }

    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(<Host />);
    await vi.waitFor(() => expect(failures).toHaveLength(1));
    expect(screen.getByText('The rest of the app')).toBeTruthy();
    expect(screen.queryByText('Settings content')).toBeNull();

    act(() => screen.getByRole('button', { name: 'Open again' }).click());
    expect(await screen.findByText('Settings content')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('a part opened again is shown at once: its chunk is not asked for a second time', async () => {
    const load = vi.fn(async () => ({ default: Part }));
    const first = render(<LazyPart load={load} props={{}} onFailed={() => {}} />);
    expect(await screen.findByText('Settings content')).toBeTruthy();
    first.unmount();
    render(<LazyPart load={load} props={{}} onFailed={() => {}} />);
    expect(screen.getByText('Settings content')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
