import { LEADER_SILENCE_MS } from './leader-watch';
import type { SyncSnapshot } from './sync-engine';
import type { SyncTabMessage, TabSyncRun } from './tab-sync-protocol';

const MAX_TAKEN = 100;

export interface LeaderRequestsDeps {
  /** Runs a request on this tab's engine. */
  run(run: TabSyncRun): Promise<SyncSnapshot>;
  post(message: SyncTabMessage): void;
  now(): number;
}

/** The leader tab's side of the followers' requests (SC21, SC25): each runs once, unless late. */
export class LeaderRequests {
  /** Requests this leader took, by id: a follower sends one again when a leader announces itself. */
  private readonly taken = new Set<string>();

  constructor(private readonly deps: LeaderRequestsDeps) {}

  /** A follower's request reached this tab while it leads. */
  take(request: Extract<SyncTabMessage, { type: 'request' }>): void {
    if (this.taken.has(request.id)) return;
    // Its sender has stopped waiting (it took the lead, or gave up): this tab was frozen.
    if (request.at !== undefined && this.deps.now() - request.at >= LEADER_SILENCE_MS) return;
    this.remember(request.id);
    // Running it publishes a status (started, scheduled) or, during a sync, the heartbeat does:
    // that is how the follower knows this tab is alive (SC25).
    void this.deps.run(request.run).then((snapshot) => {
      if (request.run !== 'schedule') this.deps.post({ v: 1, type: 'done', id: request.id, snapshot });
    });
  }

  private remember(id: string): void {
    this.taken.add(id);
    // Only a request sent just before this tab announced itself comes again: keep the last few.
    if (this.taken.size > MAX_TAKEN) this.taken.delete(this.taken.values().next().value ?? id);
  }
}
