import type { EngineChange } from '@parley/core/storage';

/**
 * Tells other tabs of the same origin which records a committed write changed, so their views
 * refresh (IndexedDB has no change events of its own).
 */
export class StorageChannel {
  private readonly channel: BroadcastChannel | undefined;

  constructor(name: string) {
    this.channel =
      typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel(`parley-storage:${name}`);
  }

  post(change: EngineChange): void {
    try {
      this.channel?.postMessage({ area: change.area, ids: [...change.ids] });
    } catch (error) {
      // Another tab missing one refresh is not worth failing a committed write for.
      console.warn('storage change broadcast failed', error);
    }
  }

  subscribe(listener: (change: EngineChange) => void): () => void {
    const channel = this.channel;
    if (!channel) return () => {};
    const onMessage = (event: MessageEvent) => {
      const data: unknown = event.data;
      if (typeof data !== 'object' || data === null) return;
      const { area, ids } = data as { area?: unknown; ids?: unknown };
      if (typeof area === 'string' && Array.isArray(ids) && ids.every((id) => typeof id === 'string')) {
        listener({ area: area as EngineChange['area'], ids });
      }
    };
    channel.addEventListener('message', onMessage);
    return () => channel.removeEventListener('message', onMessage);
  }

  close(): void {
    this.channel?.close();
  }
}
