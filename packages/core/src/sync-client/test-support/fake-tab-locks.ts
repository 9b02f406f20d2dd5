import type { TabLockHandlers, TabLocks } from '../tab-sync-protocol';

type Request = { readonly tab: string; readonly handlers: TabLockHandlers; withdrawn: boolean };

/**
 * The Web Locks API of one browser profile, in memory: each name is held by one tab at a time;
 * waiting requests are granted in order, asynchronously, as the browser does. A steal is granted at
 * once and the tab that held the lock is told it lost it (in the browser its request's promise
 * rejects with an AbortError). `closeTab` is what closing a tab does: its locks are released and its
 * waiting requests dropped. A frozen tab (`freezeTab`) hears of a lost lock only when it thaws.
 */
export class FakeTabLocks {
  private readonly holders = new Map<string, Request>();
  private readonly queues = new Map<string, Request[]>();
  private readonly frozen = new Map<string, (() => void)[]>();

  /** The lock API as tab `tab` sees it. */
  forTab(tab: string): TabLocks {
    return {
      acquire: (name, handlers, options = {}) => {
        const request: Request = { tab, handlers, withdrawn: false };
        if (options.steal) this.steal(name, request);
        else {
          this.queue(name).push(request);
          this.grantNext(name);
        }
        return () => this.release(name, request);
      },
    };
  }

  holderOf(name: string): string | undefined {
    return this.holders.get(name)?.tab;
  }

  closeTab(tab: string): void {
    this.frozen.delete(tab);
    for (const [name, queue] of this.queues) {
      for (const request of queue) if (request.tab === tab) request.withdrawn = true;
      const holder = this.holders.get(name);
      if (holder?.tab === tab) this.release(name, holder);
    }
  }

  freezeTab(tab: string): void {
    if (!this.frozen.has(tab)) this.frozen.set(tab, []);
  }

  thawTab(tab: string): void {
    const held = this.frozen.get(tab) ?? [];
    this.frozen.delete(tab);
    for (const callback of held) callback();
  }

  private steal(name: string, request: Request): void {
    const previous = this.holders.get(name);
    if (previous) {
      previous.withdrawn = true;
      this.inTab(previous.tab, () => previous.handlers.onLost());
    }
    this.holders.set(name, request);
    this.inTab(request.tab, () => {
      if (this.holders.get(name) === request && !request.withdrawn) request.handlers.onAcquired();
    });
  }

  /** Runs `callback` in the tab later, as the browser does, or once it thaws. */
  private inTab(tab: string, callback: () => void): void {
    void Promise.resolve().then(() => {
      const held = this.frozen.get(tab);
      if (held) held.push(callback);
      else callback();
    });
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
    this.inTab(granted.tab, () => {
      if (this.holders.get(name) === granted && !granted.withdrawn) granted.handlers.onAcquired();
    });
  }
}
