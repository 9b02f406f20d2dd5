import { useSyncExternalStore } from 'react';
import { runInNextTask } from './next-task';

/**
 * A service the first screen does not need (cloud sync, chat search): its code is a separate chunk,
 * fetched and started after the first screen has painted, or earlier when a user reaches for it.
 *
 *   const search = deferred(() => import('./search').then((m) => m.createSearchClient({ store })));
 *   afterFirstScreen(() => void search.load());
 *   const client = useDeferred(search); // null until loaded
 */
export interface Deferred<T> {
  /** The service, or null while its chunk is still on the way (or failed to load). */
  get(): T | null;
  /** Starts loading once; every call returns the same promise. */
  load(): Promise<T>;
  subscribe(listener: () => void): () => void;
}

export function deferred<T>(create: () => Promise<T>): Deferred<T> {
  let value: T | null = null;
  let loading: Promise<T> | undefined;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    load() {
      loading ??= create().then(
        (created) => {
          value = created;
          for (const listener of listeners) listener();
          return created;
        },
        (error: unknown) => {
          // A chunk that failed to load (offline, new deploy) may be asked for again later.
          loading = undefined;
          throw error;
        },
      );
      return loading;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export function useDeferred<T>(service: Deferred<T>): T | null {
  return useSyncExternalStore(service.subscribe, service.get, service.get);
}

type IdleWindow = Pick<Window, 'addEventListener' | 'removeEventListener' | 'setTimeout' | 'clearTimeout'> & {
  document: Pick<Document, 'readyState'>;
  requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number;
  cancelIdleCallback?: (handle: number) => void;
};

/** Longest wait for an idle moment once the page has loaded. */
const IDLE_TIMEOUT_MS = 1500;

/**
 * Marked (User Timing) when the first screen is done and deferred work begins: bench/first-load
 * counts what the browser fetched before this mark as the first-load weight.
 */
export const FIRST_SCREEN_MARK = 'parley:first-screen';

/** The parts of the first screen that say when they are on screen (decision 0079). */
export type FirstScreenPart = 'sidebar' | 'chat';

/** Longest wait for the parts to report, in case one never renders (a failed chunk, a crash). */
const FIRST_SCREEN_FALLBACK_MS = 8000;

/** Parts not yet shown; null when nobody said to wait for them (unit tests, other pages). */
let partsToShow: Set<FirstScreenPart> | null = null;
const onFirstScreenShown: (() => void)[] = [];

function firstScreenShown() {
  partsToShow = null;
  for (const listener of onFirstScreenShown.splice(0)) listener();
}

/**
 * Called by the composition root before the first render: deferred work (afterFirstScreen) then
 * also waits until every one of `parts` has reported with `firstScreenPartShown` and painted, so a
 * search worker, sync, the license check or a prefetch never competes with the sidebar and the
 * reopened chat on a small machine (decision 0079).
 */
export function awaitFirstScreenParts(
  parts: readonly FirstScreenPart[],
  win: Pick<Window, 'setTimeout'> = window,
): void {
  partsToShow = new Set(parts);
  win.setTimeout(() => partsToShow && firstScreenShown(), FIRST_SCREEN_FALLBACK_MS);
}

/**
 * A part of the first screen has rendered (from its effect): once all have, the deferred work waits
 * for the frame that paints them, then for an idle moment.
 */
export function firstScreenPartShown(part: FirstScreenPart): void {
  if (!partsToShow?.delete(part) || partsToShow.size > 0) return;
  if (typeof requestAnimationFrame !== 'function') return firstScreenShown();
  // After the next frame's paint: a task queued from requestAnimationFrame runs after it.
  requestAnimationFrame(() => runInNextTask(firstScreenShown));
}

/**
 * Runs `task` after the page's load event and after the first screen's parts have painted
 * (awaitFirstScreenParts), at the next idle moment (at most IDLE_TIMEOUT_MS later), so deferred
 * chunks never compete with the first screen for the network or the main thread.
 * Returns a cancel function.
 */
export function afterFirstScreen(task: () => void, win: IdleWindow = window): () => void {
  let cancelled = false;
  let cancelIdle = () => {};
  const run = () => {
    if (cancelled) return;
    if (!performance.getEntriesByName(FIRST_SCREEN_MARK).length) performance.mark(FIRST_SCREEN_MARK);
    task();
  };
  const whenIdle = () => {
    if (cancelled) return;
    if (partsToShow) {
      onFirstScreenShown.push(whenIdle);
      return;
    }
    if (win.requestIdleCallback) {
      const handle = win.requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
      cancelIdle = () => win.cancelIdleCallback?.(handle);
    } else {
      const handle = win.setTimeout(run, 50);
      cancelIdle = () => win.clearTimeout(handle);
    }
  };
  if (win.document.readyState === 'complete') whenIdle();
  else win.addEventListener('load', whenIdle, { once: true });
  return () => {
    cancelled = true;
    win.removeEventListener('load', whenIdle);
    cancelIdle();
  };
}

/**
 * Marked (User Timing) when every prefetch asked for so far has ended: the offline stories wait for
 * it before they cut the network.
 */
export const PREFETCHED_MARK = 'parley:prefetched';

type PrefetchItem = { load: () => Promise<unknown>; started: boolean; settle: () => void };

/** Lazy parts waiting to be prefetched, fetched one at a time (see prefetchAfterFirstScreen). */
const prefetchQueue: PrefetchItem[] = [];
let prefetching = false;
/** Prefetches asked for (parts mounted) and not yet ended or cancelled. */
let outstanding = 0;

function prefetchNext(win: IdleWindow) {
  if (prefetching) return;
  const next = prefetchQueue.shift();
  if (!next) return;
  prefetching = true;
  next.started = true;
  // Each part waits for its own idle moment, so parsing several chunks never adds up to one long task.
  const done = () => {
    next.settle();
    afterFirstScreen(() => {
      prefetching = false;
      prefetchNext(win);
    }, win);
  };
  next.load().then(done, done);
}

/**
 * Fetches a lazy part (its code and strings) once the first screen has painted, one part per idle
 * moment, so it opens at once later, also offline (the chunks are then in the HTTP cache and in the
 * module map). A failure is ignored: the part loads again, or says so, when it is used.
 * Returns a cancel function (for an effect's cleanup).
 */
export function prefetchAfterFirstScreen(load: () => Promise<unknown>, win: IdleWindow = window): () => void {
  outstanding += 1;
  let settled = false;
  const item: PrefetchItem = {
    load,
    started: false,
    settle: () => {
      if (settled) return;
      settled = true;
      outstanding -= 1;
      if (outstanding === 0) performance.mark(PREFETCHED_MARK);
    },
  };
  const cancel = afterFirstScreen(() => {
    prefetchQueue.push(item);
    prefetchNext(win);
  }, win);
  return () => {
    cancel();
    if (item.started) return; // it ends (and settles) by itself
    const at = prefetchQueue.indexOf(item);
    if (at >= 0) prefetchQueue.splice(at, 1);
    item.settle();
  };
}
