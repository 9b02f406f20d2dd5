import type { TabLocks } from '../tab-sync-protocol';

type Request = { readonly tab: string; readonly onAcquired: () => void; withdrawn: boolean };

/**
 * The Web Locks API of one browser profile, in memory: each name is held by one tab at a time;
 * waiting requests are granted in order, asynchronously, as the browser does. `closeTab` is what
 * closing a tab does: its locks are released and its waiting requests dropped.
 */
export class FakeTabLocks {
  private readonly holders = new Map<string, Request>();
  private readonly queues = new Map<string, Request[]>();

  /** The lock API as tab `tab` sees it. */
  forTab(tab: string): TabLocks {
    return {
      acquire: (name, onAcquired) => {
        const request: Request = { tab, onAcquired, withdrawn: false };
        this.queue(name).push(request);
        this.grantNext(name);
        return () => this.release(name, request);
      },
    };
  }

  holderOf(name: string): string | undefined {
    return this.holders.get(name)?.tab;
  }

  closeTab(tab: string): void {
    for (const [name, queue] of this.queues) {
      for (const request of queue) if (request.tab === tab) request.withdrawn = true;
      const holder = this.holders.get(name);
      if (holder?.tab === tab) this.release(name, holder);
    }
  }

  private queue(name: string): Request[] {
    const queue = this.queues.get(name) ?? [];
    this.queues.set(name, queue);
    return queue;
  }

  private release(name: string, request: Request): void {
    request.withdrawn = true;
    if (this.holders.get(name) !== request) return;
    this.holders.delete(name);
    this.grantNext(name);
  }

  private grantNext(name: string): void {
    if (this.holders.has(name)) return;
    const queue = this.queue(name);
    let next = queue.shift();
    while (next?.withdrawn) next = queue.shift();
    if (!next) return;
    const granted = next;
    this.holders.set(name, granted);
    void Promise.resolve().then(() => {
      if (this.holders.get(name) === granted && !granted.withdrawn) granted.onAcquired();
    });
  }
}
