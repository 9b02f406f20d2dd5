import type { LockManagerLike } from '../tab-coordination';

type Waiter = {
  readonly callback: (lock: unknown) => Promise<void>;
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: unknown) => void;
  readonly signal: AbortSignal | undefined;
};

/**
 * `navigator.locks` for one browser profile in memory: exclusive locks granted in request order,
 * held while the callback's promise is pending, a waiting request withdrawn by its signal with an
 * AbortError, as the Web Locks API does.
 */
export class FakeLockManager implements LockManagerLike {
  private readonly held = new Set<string>();
  private readonly queues = new Map<string, Waiter[]>();

  request(
    name: string,
    options: { signal?: AbortSignal },
    callback: (lock: unknown) => Promise<void>,
  ): Promise<unknown> {
    return new Promise((resolve, reject) => {
      if (options.signal?.aborted) return reject(new DOMException('aborted', 'AbortError'));
      const waiter: Waiter = { callback, resolve, reject, signal: options.signal };
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
    return this.held.has(name);
  }

  private grant(name: string): void {
    if (this.held.has(name)) return;
    const next = this.queues.get(name)?.shift();
    if (!next) return;
    this.held.add(name);
    void Promise.resolve()
      .then(() => next.callback({ name }))
      .then(next.resolve, next.reject)
      .finally(() => {
        this.held.delete(name);
        this.grant(name);
      });
  }
}
