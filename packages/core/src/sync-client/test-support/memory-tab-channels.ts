import type { Unsubscribe } from '../../storage';
import type { SyncTabMessage, TabChannel } from '../tab-sync-protocol';

type Endpoint = { readonly listeners: Set<(message: unknown) => void>; open: boolean };

/**
 * BroadcastChannel between the tabs of one test, in memory: a message reaches every other open
 * tab (never its sender), later and as a copy, as the browser's does. `sent` records every message.
 */
export class MemoryTabChannels {
  private readonly endpoints: Endpoint[] = [];
  readonly sent: SyncTabMessage[] = [];

  open(): TabChannel & { close(): void } {
    const endpoint: Endpoint = { listeners: new Set(), open: true };
    this.endpoints.push(endpoint);
    return {
      post: (message) => {
        if (!endpoint.open) return;
        this.sent.push(message);
        const copy = JSON.stringify(message);
        for (const other of this.endpoints) {
          if (other === endpoint) continue;
          void Promise.resolve().then(() => {
            if (!other.open) return;
            for (const listener of [...other.listeners]) listener(JSON.parse(copy));
          });
        }
      },
      subscribe: (listener): Unsubscribe => {
        endpoint.listeners.add(listener);
        return () => endpoint.listeners.delete(listener);
      },
      close: () => {
        endpoint.open = false;
      },
    };
  }
}
