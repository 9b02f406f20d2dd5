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
    options: { signal?: AbortSignal },
    callback: (lock: unknown) => Promise<void>,
  ): Promise<unknown>;
}

/**
 * Web Locks as the core's TabLocks: the lock is held while the granted callback's promise is
 * pending, so it lasts until `release` or until the browser drops it with the closed tab.
 */
export function webLocksTabLocks(locks: LockManagerLike): TabLocks {
  return {
    acquire(name, onAcquired) {
      const withdraw = new AbortController();
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      locks
        .request(name, { signal: withdraw.signal }, async () => {
          if (withdraw.signal.aborted) return;
          onAcquired();
          await held;
        })
        .catch((error: unknown) => {
          // An AbortError is the withdrawn request; anything else means this tab never leads.
          if (!withdraw.signal.aborted) console.warn('cloud sync: the leader lock was refused', error);
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

type BrowserWindow = Pick<Window, 'navigator'> & { BroadcastChannel?: typeof BroadcastChannel };

/**
 * How this tab agrees with the others on who syncs (SC21): Web Locks plus a BroadcastChannel.
 * null (every tab syncs by itself) when either is missing (Web Locks need a secure context: https
 * or localhost) or when the store is memory only, since then the tabs share no data.
 */
export function browserTabCoordination(win: BrowserWindow, store: StoragePort): TabCoordination | null {
  const locks = (win.navigator as { locks?: LockManagerLike }).locks;
  const Channel = win.BroadcastChannel;
  if (store.backend === 'memory' || !locks || !Channel) return null;
  return { locks: webLocksTabLocks(locks), channel: broadcastTabChannel(SYNC_TABS_CHANNEL, Channel) };
}
