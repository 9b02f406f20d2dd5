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

/** One lazy component per loader, kept across mounts, so a part opened again never suspends again. */
const lazyParts = new WeakMap<() => Promise<unknown>, ComponentType<never>>();

function lazyPartFor<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): ComponentType<P> {
  let part = lazyParts.get(load) as ComponentType<P> | undefined;
  if (!part) {
    part = lazy(load);
    lazyParts.set(load, part as ComponentType<never>);
  }
  return part;
}

/**
 * `lazy()` remembers a failed load for good; after a failure this hands out a fresh lazy component,
 * so the next attempt fetches the chunk again. `load` must be a stable (module-level) function.
 */
export function useRetryableLazy<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): readonly [ComponentType<P>, () => void] {
  const [, rerender] = useState(0);
  const retry = useCallback(() => {
    lazyParts.delete(load);
    rerender((count) => count + 1);
  }, [load]);
  return [lazyPartFor(load), retry] as const;
}
