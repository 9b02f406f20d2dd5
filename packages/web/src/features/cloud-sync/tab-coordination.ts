import type { StoragePort } from '@parley/core/storage';
import {
  SYNC_TABS_CHANNEL,
  type SyncTabMessage,
  type TabChannel,
  type TabCoordination,
  type TabLocks,
} from '@parley/core/sync-client';

/** The part of the Web Locks API (`navigator.locks`) leadership needs. */
export interface LockManagerLike {
  request(
    name: string,
    options: { signal?: AbortSignal; steal?: boolean },
    callback: (lock: unknown) => Promise<void>,
  ): Promise<unknown>;
}

const isAbortError = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/**
 * Web Locks as the core's TabLocks: the lock is held while the granted callback's promise is
 * pending, so it lasts until `release`, until the browser drops it with the closed tab, or until
 * another tab steals it (SC25): then this request's promise rejects with an AbortError.
 */
export function webLocksTabLocks(locks: LockManagerLike): TabLocks {
  return {
    acquire(name, handlers, options = {}) {
      const withdraw = new AbortController();
      let granted = false;
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      // Web Locks refuse a steal that carries a signal; a steal is granted at once anyway.
      const request = options.steal ? { steal: true } : { signal: withdraw.signal };
      locks
        .request(name, request, async () => {
          if (withdraw.signal.aborted) return;
          granted = true;
          handlers.onAcquired();
          await held;
        })
        .catch((error: unknown) => {
          // An AbortError is the withdrawn request, or, once granted, a steal by another tab.
          if (withdraw.signal.aborted) return;
          if (granted && isAbortError(error)) {
            release();
            handlers.onLost();
            return;
          }
          console.warn('cloud sync: the leader lock was refused', error);
        });
      return () => {
        withdraw.abort();
        release();
      };
    },
  };
}

/** A BroadcastChannel as the core's TabChannel (a tab never hears its own messages). */
export function broadcastTabChannel(
  name: string,
  Channel: typeof BroadcastChannel,
): TabChannel & { close(): void } {
  const channel = new Channel(name);
  return {
    post(message: SyncTabMessage) {
      try {
        channel.postMessage(message);
      } catch (error) {
        // The other tabs miss one status; the next one brings them up to date.
        console.warn('cloud sync: telling the other tabs failed', error);
      }
    },
    subscribe(listener) {
      const onMessage = (event: MessageEvent) => listener(event.data);
      channel.addEventListener('message', onMessage);
      return () => channel.removeEventListener('message', onMessage);
    },
    close: () => channel.close(),
  };
}

type BrowserWindow = Pick<Window, 'navigator'> & {
  BroadcastChannel?: typeof BroadcastChannel;
  document?: Pick<Document, 'visibilityState'>;
};

/**
 * How this tab agrees with the others on who syncs (SC21, SC25): Web Locks plus a BroadcastChannel.
 * null (every tab syncs by itself) when either is missing (Web Locks need a secure context: https
 * or localhost) or when the store is memory only, since then the tabs share no data.
 */
export function browserTabCoordination(win: BrowserWindow, store: StoragePort): TabCoordination | null {
  const locks = (win.navigator as { locks?: LockManagerLike }).locks;
  const Channel = win.BroadcastChannel;
  if (store.backend === 'memory' || !locks || !Channel) return null;
  return {
    locks: webLocksTabLocks(locks),
    channel: broadcastTabChannel(SYNC_TABS_CHANNEL, Channel),
    // Only a tab the user looks at takes the lead from a silent leader (SC25).
    isVisible: () => (win.document?.visibilityState ?? 'visible') === 'visible',
  };
}
