import { Workbox } from 'workbox-window';

/**
 * The service worker's life seen from the page (decision 0090). A new build's worker installs in
 * the background and then waits: the app is never swapped under the user. It takes over when
 *   - the user presses Reload on the update banner, or
 *   - the page starts while a new worker is already waiting and no other tab of the app is open
 *     (the user reloaded): it is activated at once and the page loads again, so a second reload
 *     never shows the old app.
 * Other tabs are counted by Web Locks: every tab holds one lock named with TAB_LOCK_PREFIX.
 */
export type UpdateState = { ready: boolean };

const TAB_LOCK_PREFIX = 'parley-tab-';
/** How often an open app asks the server whether a new build is out. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

export type ServiceWorkerUpdates = {
  getState(): UpdateState;
  subscribe(listener: () => void): () => void;
  /** Activates the waiting worker and reloads the page on it. */
  applyUpdate(): void;
};

let started: ServiceWorkerUpdates | undefined;

/** The app's one registration, started on the first call (after the first screen). */
export function serviceWorkerUpdates(): ServiceWorkerUpdates {
  started ??= startServiceWorker(window);
  return started;
}

function startServiceWorker(win: Window & typeof globalThis): ServiceWorkerUpdates {
  let state: UpdateState = { ready: false };
  const listeners = new Set<() => void>();
  const set = (next: UpdateState) => {
    state = next;
    for (const listener of listeners) listener();
  };
  const updates: ServiceWorkerUpdates = {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    applyUpdate: () => undefined,
  };
  // The dev server has no worker (its modules change under it); the built app has one.
  if (import.meta.env.DEV || !('serviceWorker' in win.navigator)) return updates;

  holdTabLock(win);
  // Relative to the page's base, so a build served under a sub-path registers its own worker.
  const workbox = new Workbox(`${import.meta.env.BASE_URL}sw.js`, { scope: import.meta.env.BASE_URL });
  let reloading = false;
  const activateAndReload = () => {
    workbox.addEventListener('controlling', () => {
      if (reloading) return;
      reloading = true;
      win.location.reload();
    });
    workbox.messageSkipWaiting();
  };
  updates.applyUpdate = activateAndReload;
  // Whether this is the only tab of the app, asked again whenever the user comes back to this one.
  let alone = false;
  const askAlone = () =>
    void otherTabsOpen(win).then((others) => {
      alone = others === false;
    });
  workbox.addEventListener('waiting', () => {
    set({ ready: true });
    askAlone();
  });
  win.addEventListener('focus', askAlone);
  win.document.addEventListener('visibilitychange', askAlone);
  // A reload (or leaving) with an update waiting and no other tab open: the new build takes over
  // now, so the page that loads next is the new one (the browser alone would keep the old worker
  // across a reload, as the two pages overlap).
  win.addEventListener('beforeunload', () => {
    if (state.ready && alone && !reloading) workbox.messageSkipWaiting();
  });
  workbox
    .register()
    .then((registration) => {
      if (!registration) return;
      const check = () => void registration.update().catch(() => undefined);
      win.setInterval(check, UPDATE_CHECK_MS);
      win.addEventListener('online', check);
    })
    .catch((error: unknown) => console.warn('Parley could not register its service worker:', error));
  return updates;
}

function holdTabLock(win: Window & typeof globalThis) {
  const locks = win.navigator.locks;
  if (!locks) return;
  // Held until the tab closes: the callback's promise never settles.
  void locks.request(`${TAB_LOCK_PREFIX}${crypto.randomUUID()}`, () => new Promise<void>(() => undefined));
}

/** Whether another tab of the app is open; undefined when the browser cannot tell. */
async function otherTabsOpen(win: Window & typeof globalThis): Promise<boolean | undefined> {
  const locks = win.navigator.locks;
  if (!locks) return undefined;
  const { held = [] } = await locks.query();
  return held.filter((lock) => lock.name?.startsWith(TAB_LOCK_PREFIX)).length > 1;
}
