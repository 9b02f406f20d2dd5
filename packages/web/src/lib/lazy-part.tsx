import { Component, lazy, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';
import { withStrings } from '../i18n';
import type { StringGroup } from '../i18n/string-groups';
import { Button } from '../ui/Button';
import { afterFirstScreen } from './deferred';
import { retryingImport, type RetryOptions } from './retrying-import';

/**
 * The app's one way to load a part of the screen lazily (decision 0100): its code is a chunk of its
 * own, fetched with its strings, retried when the chunk fails, and a part that still cannot load says
 * so in place with a Retry button (and tries again by itself when the browser is back online), instead
 * of taking the screen down. lint (eslint.config.js) keeps React's bare `lazy()` out of everything else.
 *
 *   const AgentsScreen = lazyPart(() => import('./AgentsScreen'), { strings: 'agents' });
 *   const RunButton = lazyPart(() => import('./RunCodeControls'), { pick: (m) => m.RunButton });
 *   useEffect(() => prefetchAfterFirstScreen(AgentsScreen.preload), []);
 *   <AgentsScreen />                                    // loading: `fallback`; failed: message + Retry
 *   <Settings onLoadFailed={() => toastAndClose()} />  // an overlay: tell the user, show nothing
 */
export type LazyPartOptions<P = never> = {
  /** String groups the part shows (decision 0060): loaded with its code, so no raw key shows. */
  strings?: StringGroup | StringGroup[];
  /** Shown while the chunk is on the way (default: nothing); may depend on the part's props. */
  fallback?: ReactNode | ((props: P) => ReactNode);
  /** Or a line of text shown while it is on the way (a Settings section's "Loading…"). */
  loadingText?: ParseKeys;
  /** More to fetch when the part is preloaded (a worker script it starts), so it works offline. */
  alsoPreload?: () => Promise<unknown>;
  /**
   * A part nobody asked for (the update banner, the pinned agents, the microphone): mounted only
   * once the first screen has painted (so the first load never waits for it), and a failure shows
   * nothing; it is tried again when the browser is back online.
   */
  background?: boolean;
};

export type LazyPartProps = {
  /**
   * For an overlay (a dialog, the palette): the chunk could not be loaded even after retrying, so
   * tell the user and close what wanted it; the part shows nothing and loads afresh next time.
   * Without it the part shows the failure in place, with a Retry button.
   */
  onLoadFailed?: (error: unknown) => void;
};

export type LazyPartComponent<P extends object> = ((props: P & LazyPartProps) => ReactNode) & {
  /** Fetches the code and strings (retrying; offline it waits for the network): for prefetching. */
  preload(): Promise<unknown>;
  displayName?: string;
};

type DefaultModule<P> = { default: ComponentType<P> };

/** The errors of chunks or strings that could not be fetched, told apart from a part's render errors. */
const loadFailures = new WeakSet<object>();

export function lazyPart<P extends object>(
  load: () => Promise<DefaultModule<P>>,
  options?: LazyPartOptions<P>,
): LazyPartComponent<P>;
export function lazyPart<M, P extends object>(
  load: () => Promise<M>,
  options: LazyPartOptions<P> & { pick: (module: M) => ComponentType<P> },
): LazyPartComponent<P>;
export function lazyPart<M, P extends object>(
  load: () => Promise<M>,
  options: LazyPartOptions<P> & { pick?: (module: M) => ComponentType<P> } = {},
): LazyPartComponent<P> {
  const { strings, loadingText, alsoPreload, background = false } = options;
  const fallbackFor = (props: P): ReactNode => {
    if (loadingText) return <LoadingText textKey={loadingText} />;
    const { fallback } = options;
    return typeof fallback === 'function' ? fallback(props) : (fallback ?? null);
  };
  const pick = options.pick ?? ((module: M) => (module as DefaultModule<P>).default);
  // The part's component once its code and strings are here (preloaded, or shown once). A part
  // first mounted after that renders it directly: a lazy component suspends at its first render
  // even when its chunk is already loaded, and React reveals a suspended part up to 300 ms later
  // (the reopened chat's messages waited for that at every start).
  let ready: ComponentType<P> | undefined;
  const fetchPart = (retry: RetryOptions) => {
    const code = () => retryingImport(load, retry);
    const fetched = strings ? withStrings(strings, code) : code();
    return fetched.then((module) => {
      ready ??= pick(module);
      return module;
    });
  };
  // Shown: offline, fail at once so the user is told (and the part retries when back online).
  const fresh = () =>
    lazy(() =>
      fetchPart({ offline: 'fail' }).then(
        (module) => ({ default: ready ?? pick(module) }),
        (error: unknown) => {
          const failure = error instanceof Object ? error : new Error(String(error));
          loadFailures.add(failure);
          throw failure;
        },
      ),
    );
  // `lazy()` remembers a failed load for good: after a failure the next attempt gets a fresh one.
  // One per part, kept across mounts, so a part shown again never suspends again.
  let Loaded = fresh();
  const forgetFailure = (failed: ComponentType<P>) => {
    if (Loaded === failed) Loaded = fresh();
  };

  function Part({ onLoadFailed, ...rest }: P & LazyPartProps) {
    const props = rest as P;
    const [attempt, setAttempt] = useState(0);
    const [mounted, setMounted] = useState(!background);
    // Chosen once per mount: a lazy component swapped for the loaded one would mount its part anew.
    const [readyAtMount] = useState(() => ready);
    useEffect(() => (mounted ? undefined : afterFirstScreen(() => setMounted(true))), [mounted]);
    if (!mounted) return null;
    const Shown = readyAtMount ?? Loaded;
    return (
      <PartBoundary
        key={attempt}
        onLoadFailed={(error) => {
          forgetFailure(Shown);
          onLoadFailed?.(error);
        }}
        inPlace={!onLoadFailed && !background}
        retry={() => setAttempt((count) => count + 1)}
      >
        <Suspense fallback={fallbackFor(props)}>
          <Shown {...props} />
        </Suspense>
      </PartBoundary>
    );
  }
  Part.preload = () =>
    alsoPreload ? Promise.all([fetchPart({}), alsoPreload().catch(() => undefined)]) : fetchPart({});
  return Part;
}

function LoadingText({ textKey }: { textKey: ParseKeys }) {
  const { t } = useTranslation();
  return <p className="text-sm text-fg-subtle">{t(textKey)}</p>;
}

type BoundaryProps = {
  onLoadFailed: (error: unknown) => void;
  /** Show the failure here with a Retry button (else nothing: the caller tells the user). */
  inPlace: boolean;
  retry: () => void;
  children: ReactNode;
};

/**
 * Catches only a part that could not load (and tries it again once the browser is back online); an
 * error the loaded part throws while rendering goes on to the next boundary (a message's, the
 * chat's, the fatal screen), as it would without lazy loading.
 */
class PartBoundary extends Component<BoundaryProps, { error?: object }> {
  override state: { error?: object } = {};
  private readonly retry = () => this.props.retry();

  static getDerivedStateFromError(error: object) {
    return { error };
  }

  override componentDidCatch(error: object) {
    if (!loadFailures.has(error)) return;
    window.addEventListener('online', this.retry);
    this.props.onLoadFailed(error);
  }

  override componentWillUnmount() {
    window.removeEventListener('online', this.retry);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    if (!loadFailures.has(error)) throw error;
    return this.props.inPlace && <PartLoadFailed retry={this.retry} />;
  }
}

/** A part that could not load: says why, with Retry. */
function PartLoadFailed({ retry }: { retry: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="flex flex-wrap items-center gap-2 p-3 text-sm text-fg-muted">
      <span className="min-w-0 flex-1">
        {t(navigator.onLine ? 'errors.partFailed' : 'errors.partOffline')}
      </span>
      <Button size="sm" variant="secondary" onClick={retry}>
        {t('errors.retry')}
      </Button>
    </div>
  );
}
