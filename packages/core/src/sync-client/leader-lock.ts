import { SYNC_LEADER_LOCK, type TabCoordination, type TabLockHandlers } from './tab-sync-protocol';

/**
 * This tab's hold on the leader lock (SC21): its place in line, and its one steal from a leader
 * that went silent (SC25). Callbacks of a request that was replaced, given up, or made before the
 * tab stopped (its start generation moved on) are ignored.
 */
export class LeaderLock {
  /** Gives up this tab's leader lock, or withdraws its request for it. */
  private releaseLock: (() => void) | null = null;
  /** This follower already tried to steal the lock from a silent leader. */
  private stealing = false;

  constructor(
    private readonly tabs: TabCoordination | null,
    /** The tab's start generation, bumped by its stop(). */
    private readonly generation: () => number,
    private readonly handlers: TabLockHandlers,
  ) {}

  /** Asks for the leader lock: in line, or at once taken from a silent leader (steal, SC25). */
  request(steal: boolean): void {
    const { tabs } = this;
    if (!tabs) return;
    const generation = this.generation();
    const current = () => generation === this.generation() && this.releaseLock === release;
    const release = tabs.locks.acquire(
      SYNC_LEADER_LOCK,
      {
        onAcquired: () => {
          if (current()) this.handlers.onAcquired();
        },
        onLost: () => {
          if (current()) this.handlers.onLost();
        },
      },
      { steal },
    );
    this.releaseLock = release;
  }

  /** This tab leads now: a later silence of another leader may be met with a steal again. */
  acquired(): void {
    this.stealing = false;
  }

  /** Lost the lock (SC25): back in line to lead again. */
  requeue(): void {
    this.releaseLock?.();
    this.request(false);
  }

  /**
   * Takes the lock from a silent leader (SC25), once, and only when the user can see this tab (a
   * hidden one may be frozen next). False when it does not try.
   */
  steal(): boolean {
    if (this.stealing || !(this.tabs?.isVisible?.() ?? true)) return false;
    this.stealing = true;
    this.releaseLock?.();
    this.request(true);
    return true;
  }

  /** Gives the lock up, or leaves the line (another tab takes over). */
  release(): void {
    this.releaseLock?.();
    this.releaseLock = null;
  }
}
