import type { SyncScheduler } from './ports';

/**
 * How long a follower tab with work waits without a word from the leader tab before it acts
 * (SC25): a visible follower takes the lead, a hidden one fails its waiting requests.
 */
export const LEADER_SILENCE_MS = 15_000;

/** How often a leader tab that is syncing says so, so a long sync is not taken for a hang (SC25). */
export const LEADER_HEARTBEAT_MS = 5_000;

/**
 * The follower's side of SC25. A live leader answers every request and every change of synced
 * data at once (its status), and repeats its status while a sync runs. A leader that is alive but
 * frozen (a phone's background tab, a hung page) keeps the lock and says nothing: after
 * LEADER_SILENCE_MS of silence while this tab has work, `onSilence` runs. It returns whether to keep
 * watching (the work is still there).
 */
export class LeaderWatch {
  private cancel: (() => void) | null = null;
  /** A request or a change of synced data the leader has not answered yet. */
  private unanswered = false;

  constructor(
    private readonly scheduler: SyncScheduler,
    /** Requests this tab waits on the leader for ("sync now", "full re-sync"). */
    private readonly hasWaiting: () => boolean,
    private readonly onSilence: () => boolean,
  ) {}

  /** This tab asked the leader for something, or changed synced data the leader must send. */
  expectAnswer(): void {
    this.unanswered = true;
    if (!this.cancel) this.arm();
  }

  /** A word from the leader: it is alive. The silence is measured again from now while work waits. */
  heard(): void {
    this.unanswered = false;
    this.disarm();
    if (this.hasWaiting()) this.arm();
  }

  stop(): void {
    this.unanswered = false;
    this.disarm();
  }

  private arm(): void {
    this.cancel = this.scheduler.schedule(() => {
      this.cancel = null;
      if (!this.unanswered && !this.hasWaiting()) return;
      if (this.onSilence() && (this.unanswered || this.hasWaiting())) this.arm();
    }, LEADER_SILENCE_MS);
  }

  private disarm(): void {
    this.cancel?.();
    this.cancel = null;
  }
}

/** The leader's side of SC25: while a sync runs, `beat` every LEADER_HEARTBEAT_MS. */
export class LeaderHeartbeat {
  private cancel: (() => void) | null = null;

  constructor(
    private readonly scheduler: SyncScheduler,
    private readonly beat: () => void,
  ) {}

  /** Beats while `syncing`; call it with every status change. */
  update(syncing: boolean): void {
    if (!syncing) return this.stop();
    if (this.cancel) return;
    const next = () => {
      this.cancel = this.scheduler.schedule(() => {
        this.beat();
        next();
      }, LEADER_HEARTBEAT_MS);
    };
    next();
  }

  stop(): void {
    this.cancel?.();
    this.cancel = null;
  }
}
