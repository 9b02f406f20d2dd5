import { randomIdGenerator, systemClock, type Clock } from '../platform';
import type { StorageChange, Unsubscribe } from '../storage';
import { FollowerRequests, type AwaitedRun } from './follower-requests';
import { LeaderLock } from './leader-lock';
import { LeaderRequests } from './leader-requests';
import { LeaderHeartbeat, LeaderWatch } from './leader-watch';
import { SyncEngine, type SyncEngineDeps, type SyncSnapshot } from './sync-engine';
import { leaderUnresponsiveFailure } from './sync-failure';
import { readSyncState } from './sync-state';
import { isSyncedChange } from './synced-changes';
import {
  SyncTabMessageSchema,
  type SyncTabMessage,
  type TabCoordination,
  type TabSyncRun,
} from './tab-sync-protocol';

/**
 * - `idle`: not started; calls run on this tab's engine, as before any coordination.
 * - `solo`: no way to coordinate (no locks, no channel, or a store the tabs do not share): this
 *   tab syncs its own changes, like every other tab.
 * - `leader`: holds the leader lock and syncs for every tab.
 * - `follower`: another tab syncs; requests go to it and its status is shown here.
 */
export type TabRole = 'idle' | 'solo' | 'leader' | 'follower';

export interface TabSyncEngineDeps extends SyncEngineDeps {
  /** null: every tab syncs by itself (SC21). */
  readonly tabs: TabCoordination | null;
  /** Dates the requests to the leader (SC25); the system clock by default. */
  readonly clock?: Clock;
}

/**
 * The sync engine of one tab, made to cooperate with the other tabs of the same browser profile
 * (SC21): exactly one tab, the holder of the leader lock, runs the engine; the others forward
 * "sync now" to it and show its status. When the leader's tab closes the lock passes to another
 * tab, which takes over and syncs at once. A leader that is alive but frozen keeps the lock: a
 * visible follower that waits on it in silence steals the lock, and the old leader steps down when
 * it wakes (SC25). Same surface as SyncEngine.
 */
export class TabSyncEngine {
  private readonly engine: SyncEngine;
  private role: TabRole = 'idle';
  private snapshot: SyncSnapshot;
  private readonly listeners = new Set<(snapshot: SyncSnapshot) => void>();
  /** Bumped by stop(): callbacks of an earlier start() see they are stale. */
  private generation = 0;
  /** Bumped when this tab stops leading: a lead() still starting sees it is stale. */
  private term = 0;
  private cleanups: (() => void)[] = [];
  /** What leading set up, undone when this tab stops leading. */
  private leaderCleanups: (() => void)[] = [];
  private readonly lock: LeaderLock;
  private readonly watch: LeaderWatch;
  private readonly heartbeat: LeaderHeartbeat;
  /** The requests this tab waits on the leader for, while it follows. */
  private readonly followerRequests: FollowerRequests;
  /** The other tabs' requests, while this tab leads. */
  private readonly leaderRequests: LeaderRequests;

  constructor(private readonly deps: TabSyncEngineDeps) {
    this.engine = new SyncEngine(deps);
    this.snapshot = this.engine.getSnapshot();
    const post = (message: SyncTabMessage) => this.post(message);
    const now = () => this.now();
    this.followerRequests = new FollowerRequests({
      post,
      now,
      expectAnswer: () => this.watch.expectAnswer(),
    });
    this.leaderRequests = new LeaderRequests({ run: (run) => this.run(run), post, now });
    this.watch = new LeaderWatch(
      deps.scheduler,
      () => this.followerRequests.size > 0,
      () => this.onLeaderSilent(),
    );
    this.heartbeat = new LeaderHeartbeat(deps.scheduler, () =>
      this.post({ v: 1, type: 'status', snapshot: this.snapshot }),
    );
    this.lock = new LeaderLock(deps.tabs, () => this.generation, {
      onAcquired: () => void this.lead(true),
      onLost: () => this.stepDown(),
    });
  }

  get tabRole(): TabRole {
    return this.role;
  }

  /** Starts syncing (solo), or asks for the leader lock and listens to the other tabs. */
  async start(): Promise<void> {
    if (this.role !== 'idle') return;
    const { tabs } = this.deps;
    if (!tabs) {
      this.role = 'solo';
      await this.lead(false);
      return;
    }
    this.role = 'follower';
    const generation = this.generation;
    this.cleanups.push(tabs.channel.subscribe((message) => this.onMessage(message)));
    this.cleanups.push(this.deps.store.onChange((change) => this.onStoreChange(change)));
    this.post({ v: 1, type: 'hello' });
    this.lock.request(false);
    // Until the leader answers, this device's last sync is what there is to show.
    try {
      const state = await readSyncState(this.deps.store);
      if (generation === this.generation && this.role === 'follower' && this.snapshot.status === 'init') {
        this.publish({ ...this.snapshot, lastSyncAt: state.lastSyncAt, stats: state.stats });
      }
    } catch (error) {
      this.deps.report?.(error);
    }
  }

  /** Stops syncing here and gives the leader lock up (another tab takes over). */
  stop(): void {
    this.generation += 1;
    for (const cleanup of [...this.cleanups.splice(0), ...this.leaderCleanups.splice(0)]) cleanup();
    this.lock.release();
    this.watch.stop();
    this.heartbeat.stop();
    this.engine.stop();
    this.engine.followOtherTabs(false);
    this.role = 'idle';
    this.followerRequests.resolveAll(this.snapshot);
  }

  getSnapshot(): SyncSnapshot {
    return this.snapshot;
  }

  subscribe(listener: (snapshot: SyncSnapshot) => void): Unsubscribe {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** A sync soon (SC2); a follower asks the leader. */
  schedule(): void {
    if (this.role !== 'follower') return this.engine.schedule();
    if (!this.deps.availability.isActive()) return;
    this.post({ v: 1, type: 'request', id: this.newId(), run: 'schedule', at: this.now() });
    this.watch.expectAnswer();
  }

  /**
   * The network is back (SC28). The tab that syncs tries again; a follower leaves it to the leader,
   * which hears the same `online` event in its own tab.
   */
  networkBack(): void {
    if (this.role === 'leader' || this.role === 'solo') this.engine.networkBack();
  }

  /** "Sync now"; a follower's runs in the leader tab and resolves with the leader's status after it. */
  syncNow(): Promise<SyncSnapshot> {
    return this.role === 'follower' ? this.forward('sync') : this.engine.syncNow();
  }

  /** "Full re-sync" (SC4), in the leader tab when this one follows. */
  fullResync(): Promise<SyncSnapshot> {
    return this.role === 'follower' ? this.forward('full') : this.engine.fullResync();
  }

  /** This tab syncs from now on: for itself only (solo), or for every tab (leader). */
  private async lead(forEveryTab: boolean): Promise<void> {
    const generation = this.generation;
    const term = this.term;
    this.role = forEveryTab ? 'leader' : 'solo';
    this.watch.stop();
    this.lock.acquired();
    this.engine.followOtherTabs(forEveryTab);
    this.leaderCleanups.push(
      this.engine.subscribe((snapshot) => {
        this.publish(snapshot);
        if (!forEveryTab) return;
        this.post({ v: 1, type: 'status', snapshot });
        this.heartbeat.update(snapshot.status === 'started');
      }),
    );
    if (forEveryTab) this.post({ v: 1, type: 'leader' });
    await this.engine.start();
    if (generation !== this.generation || term !== this.term) return;
    this.publish(this.engine.getSnapshot());
    if (forEveryTab) this.post({ v: 1, type: 'status', snapshot: this.snapshot });
    // What this tab asked the last leader and never heard back about runs here now.
    this.followerRequests.runHere((run) => this.run(run));
    // Picks up what other devices did, and what a leader that closed left unsent.
    void this.engine.syncNow();
  }

  /**
   * Another tab took the lock (SC25: it found this tab silent, e.g. frozen in the background):
   * this tab stops syncing, even a run it had queued, follows the new leader and waits in line to
   * lead again.
   */
  private stepDown(): void {
    if (this.role !== 'leader') return;
    this.term += 1;
    for (const cleanup of this.leaderCleanups.splice(0)) cleanup();
    this.heartbeat.stop();
    this.engine.halt();
    this.engine.followOtherTabs(false);
    this.role = 'follower';
    this.lock.requeue();
  }

  /**
   * The leader said nothing for LEADER_SILENCE_MS while this tab had work (SC25). A visible tab
   * takes the lock; a hidden one (it may be frozen next) or one whose steal did not go through
   * resolves its waiting requests with a failure. Returns whether to keep watching.
   */
  private onLeaderSilent(): boolean {
    if (this.role !== 'follower') return false;
    if (this.lock.steal()) return true;
    const failed: SyncSnapshot = { ...this.snapshot, status: 'error', failure: leaderUnresponsiveFailure() };
    if (this.followerRequests.size > 0) this.publish(failed);
    this.followerRequests.resolveAll(failed);
    return true;
  }

  private forward(run: AwaitedRun): Promise<SyncSnapshot> {
    if (!this.deps.availability.isActive()) return Promise.resolve(this.snapshot);
    const id = this.newId();
    // Shown at once; the leader's own statuses follow (and a silent leader ends it in error, SC25).
    if (this.snapshot.status !== 'started') this.publish({ ...this.snapshot, status: 'started' });
    return this.followerRequests.forward(id, run);
  }

  private run(run: TabSyncRun): Promise<SyncSnapshot> {
    if (run === 'schedule') {
      this.engine.schedule();
      return Promise.resolve(this.engine.getSnapshot());
    }
    return run === 'full' ? this.engine.fullResync() : this.engine.syncNow();
  }

  /** This tab's own edits of synced data are the leader's to send: it should answer (SC25). */
  private onStoreChange(change: StorageChange): void {
    if (this.role !== 'follower' || change.origin !== 'local' || !isSyncedChange(change)) return;
    if (this.deps.availability.isActive()) this.watch.expectAnswer();
  }

  private onMessage(raw: unknown): void {
    const parsed = SyncTabMessageSchema.safeParse(raw);
    if (!parsed.success) return;
    const message = parsed.data;
    switch (message.type) {
      case 'hello':
        if (this.role === 'leader') this.post({ v: 1, type: 'status', snapshot: this.snapshot });
        return;
      case 'leader':
        // (A leader whose lock was taken learns it from the lock, not from this message: it may
        // be an old one, from a tab that led before this one.)
        this.watch.heard();
        // The last leader may have closed before answering: ask the new one.
        this.followerRequests.resendAll();
        return;
      case 'status':
        if (this.role !== 'follower') return;
        this.watch.heard();
        this.publish(message.snapshot);
        return;
      case 'request':
        if (this.role === 'leader') this.leaderRequests.take(message);
        return;
      case 'done': {
        const waiting = this.followerRequests.take(message.id);
        if (!waiting) return;
        this.watch.heard();
        waiting.resolve(message.snapshot);
        return;
      }
    }
  }

  private post(message: SyncTabMessage): void {
    this.deps.tabs?.channel.post(message);
  }

  private now(): number {
    return (this.deps.clock ?? systemClock).now();
  }

  private newId(): string {
    return (this.deps.ids ?? randomIdGenerator).randomId();
  }

  private publish(snapshot: SyncSnapshot): void {
    this.snapshot = snapshot;
    for (const listener of [...this.listeners]) listener(snapshot);
  }
}
