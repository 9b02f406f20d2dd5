import type { SyncScheduler } from '../ports';

/** Timers that only fire when the test moves time on. */
export class FakeScheduler implements SyncScheduler {
  private now = 0;
  private tasks: { at: number; callback: () => void; id: number }[] = [];
  private nextId = 0;

  schedule(callback: () => void, delayMs: number): () => void {
    const id = ++this.nextId;
    this.tasks.push({ at: this.now + delayMs, callback, id });
    return () => {
      this.tasks = this.tasks.filter((task) => task.id !== id);
    };
  }

  get pending(): number {
    return this.tasks.length;
  }

  /** Moves time on by `ms`, running every timer that falls due, in order. */
  advance(ms: number): void {
    const until = this.now + ms;
    for (;;) {
      const due = this.tasks.filter((task) => task.at <= until).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      this.tasks = this.tasks.filter((task) => task !== due);
      this.now = due.at;
      due.callback();
    }
    this.now = until;
  }
}
