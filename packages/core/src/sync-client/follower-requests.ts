import type { SyncSnapshot } from './sync-engine';
import type { SyncTabMessage, TabSyncRun } from './tab-sync-protocol';

/** A request a follower waits on: "sync now" or "full re-sync" ("schedule" is not awaited). */
export type AwaitedRun = Exclude<TabSyncRun, 'schedule'>;

type Waiting = { readonly run: AwaitedRun; readonly resolve: (s: SyncSnapshot) => void };

export interface FollowerRequestsDeps {
  post(message: SyncTabMessage): void;
  now(): number;
  /** A request went to the leader: it should answer (SC25). */
  expectAnswer(): void;
}

/**
 * The requests a follower tab waits on the leader for (SC21), by id: sent again when a new leader
 * announces itself, settled by the leader's `done`, failed when the leader stays silent (SC25),
 * and run in this tab when it becomes the leader.
 */
export class FollowerRequests {
  private readonly waiting = new Map<string, Waiting>();

  constructor(private readonly deps: FollowerRequestsDeps) {}

  get size(): number {
    return this.waiting.size;
  }

  /** Asks the leader to run `run`; resolves with the leader's status after it. */
  forward(id: string, run: AwaitedRun): Promise<SyncSnapshot> {
    return new Promise((resolve) => {
      this.waiting.set(id, { run, resolve });
      this.deps.post({ v: 1, type: 'request', id, run, at: this.deps.now() });
      this.deps.expectAnswer();
    });
  }

  /** Sends every waiting request again, to a leader that just announced itself. */
  resendAll(): void {
    for (const [id, waiting] of this.waiting)
      this.deps.post({ v: 1, type: 'request', id, run: waiting.run, at: this.deps.now() });
  }

  /** Stops waiting on request `id` (the leader ran it); undefined when it was not waited on. */
  take(id: string): Waiting | undefined {
    const waiting = this.waiting.get(id);
    if (waiting) this.waiting.delete(id);
    return waiting;
  }

  /** Ends every waiting request with `snapshot`. */
  resolveAll(snapshot: SyncSnapshot): void {
    for (const [id, waiting] of this.waiting) {
      this.waiting.delete(id);
      waiting.resolve(snapshot);
    }
  }

  /** This tab leads now: what it asked the last leader and never heard back about runs here. */
  runHere(run: (run: AwaitedRun) => Promise<SyncSnapshot>): void {
    for (const [id, waiting] of this.waiting) {
      this.waiting.delete(id);
      void run(waiting.run).then(waiting.resolve);
    }
  }
}
