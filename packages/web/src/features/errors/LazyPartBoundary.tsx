import { Component, lazy, useCallback, useState, type ComponentType, type ReactNode } from 'react';

type Props = { onFailed: (error: unknown) => void; children: ReactNode };

/**
 * Around a lazily loaded part (Settings, the palette): if its chunk cannot be fetched (offline, a
 * new deployment removed it) the part shows nothing and `onFailed` tells the user, instead of the
 * whole app falling to the fatal-error screen and losing the draft in the composer.
 */
export class LazyPartBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    this.props.onFailed(error);
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * `lazy()` remembers a failed load for good; this hands out a fresh lazy component after a failure,
 * so the next attempt fetches the chunk again.
 */
export function useRetryableLazy<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): readonly [ComponentType<P>, () => void] {
  const [part, setPart] = useState(() => ({ Component: lazy(load) }));
  const retry = useCallback(() => setPart({ Component: lazy(load) }), [load]);
  return [part.Component, retry] as const;
}
