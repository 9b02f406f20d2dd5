import type { Unsubscribe } from '../../storage';
import type { SyncTabMessage, TabChannel } from '../tab-sync-protocol';

type Endpoint = {
  readonly listeners: Set<(message: unknown) => void>;
  open: boolean;
  /** Messages held while the tab is frozen; null when it runs. */
  held: unknown[] | null;
};

/**
 * BroadcastChannel between the tabs of one test, in memory: a message reaches every other open
 * tab (never its sender), later and as a copy, as the browser's does. `sent` records every message.
 * A frozen tab (`freeze`) gets what was sent meanwhile when it thaws.
 */
export class MemoryTabChannels {
  private readonly endpoints: Endpoint[] = [];
  readonly sent: SyncTabMessage[] = [];

  open(): TabChannel & { close(): void; freeze(): void; thaw(): void } {
    const endpoint: Endpoint = { listeners: new Set(), open: true, held: null };
    this.endpoints.push(endpoint);
    const deliver = (message: unknown) => {
      for (const listener of [...endpoint.listeners]) listener(message);
    };
    return {
      post: (message) => {
        if (!endpoint.open) return;
        this.sent.push(message);
        const copy = JSON.stringify(message);
        for (const other of this.endpoints) {
          if (other === endpoint) continue;
          void Promise.resolve().then(() => {
            if (!other.open) return;
            if (other.held) other.held.push(JSON.parse(copy));
            else for (const listener of [...other.listeners]) listener(JSON.parse(copy));
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
      freeze: () => {
        endpoint.held ??= [];
      },
      thaw: () => {
        const held = endpoint.held ?? [];
        endpoint.held = null;
        for (const message of held) deliver(message);
      },
    };
  }
}
