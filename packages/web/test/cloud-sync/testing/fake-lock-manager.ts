import type { LockManagerLike } from '../../../src/features/cloud-sync/tab-coordination';

type Waiter = {
  readonly callback: (lock: unknown) => Promise<void>;
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: unknown) => void;
};

/**
 * `navigator.locks` for one browser profile in memory: exclusive locks granted in request order,
 * held while the callback's promise is pending, a waiting request withdrawn by its signal with an
 * AbortError, and a steal granted at once while the holder's request rejects with an AbortError,
 * as the Web Locks API does.
 */
export class FakeLockManager implements LockManagerLike {
  private readonly holders = new Map<string, Waiter>();
  private readonly queues = new Map<string, Waiter[]>();

  request(
    name: string,
    options: { signal?: AbortSignal; steal?: boolean },
    callback: (lock: unknown) => Promise<void>,
  ): Promise<unknown> {
    return new Promise((resolve, reject) => {
      if (options.steal && options.signal)
        return reject(new DOMException('steal with a signal', 'NotSupportedError'));
      if (options.signal?.aborted) return reject(new DOMException('aborted', 'AbortError'));
      const waiter: Waiter = { callback, resolve, reject };
      if (options.steal) {
        this.holders.get(name)?.reject(new DOMException('stolen', 'AbortError'));
        this.hold(name, waiter);
        return;
      }
      const queue = this.queues.get(name) ?? [];
      this.queues.set(name, queue);
      queue.push(waiter);
      options.signal?.addEventListener('abort', () => {
        const index = queue.indexOf(waiter);
        if (index < 0) return;
        queue.splice(index, 1);
        reject(new DOMException('aborted', 'AbortError'));
      });
      this.grant(name);
    });
  }

  isHeld(name: string): boolean {
    return this.holders.has(name);
  }

  private grant(name: string): void {
    if (this.holders.has(name)) return;
    const next = this.queues.get(name)?.shift();
    if (next) this.hold(name, next);
  }

  private hold(name: string, waiter: Waiter): void {
    this.holders.set(name, waiter);
    void Promise.resolve()
      .then(() => waiter.callback({ name }))
      .then(waiter.resolve, waiter.reject)
      .finally(() => {
        // A stolen lock was released when it was taken; its callback ending changes nothing.
        if (this.holders.get(name) !== waiter) return;
        this.holders.delete(name);
        this.grant(name);
      });
  }
}
