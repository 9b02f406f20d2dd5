import { randomIdGenerator, systemClock, type Clock } from '../platform';
import type { StorageChange, Unsubscribe } from '../storage';
import { LeaderHeartbeat, LeaderWatch, LEADER_SILENCE_MS } from './leader-watch';
import { SyncEngine, type SyncEngineDeps, type SyncSnapshot } from './sync-engine';
import { leaderUnresponsiveFailure } from './sync-failure';
import { readSyncState } from './sync-state';
import { isSyncedChange } from './synced-changes';
import {
  SYNC_LEADER_LOCK,
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

const MAX_TAKEN = 100;

type Waiting = { readonly run: Exclude<TabSyncRun, 'schedule'>; readonly resolve: (s: SyncSnapshot) => void };

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
  private readonly waiting = new Map<string, Waiting>();
  /** Requests this leader took, by id: a follower sends one again when a leader announces itself. */
  private readonly taken = new Set<string>();
  /** Bumped by stop(): callbacks of an earlier start() see they are stale. */
  private generation = 0;
  /** Bumped when this tab stops leading: a lead() still starting sees it is stale. */
  private term = 0;
  private cleanups: (() => void)[] = [];
  /** What leading set up, undone when this tab stops leading. */
  private leaderCleanups: (() => void)[] = [];
  /** Gives up this tab's leader lock, or withdraws its request for it. */
  private releaseLock: (() => void) | null = null;
  /** This follower already tried to steal the lock from a silent leader. */
  private stealing = false;
  private readonly watch: LeaderWatch;
  private readonly heartbeat: LeaderHeartbeat;

  constructor(private readonly deps: TabSyncEngineDeps) {
    this.engine = new SyncEngine(deps);
    this.snapshot = this.engine.getSnapshot();
    this.watch = new LeaderWatch(
      deps.scheduler,
      () => this.waiting.size > 0,
      () => this.onLeaderSilent(),
    );
    this.heartbeat = new LeaderHeartbeat(deps.scheduler, () =>
      this.post({ v: 1, type: 'status', snapshot: this.snapshot }),
    );
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
    this.requestLock(false);
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
    this.releaseLock?.();
    this.releaseLock = null;
    this.watch.stop();
    this.heartbeat.stop();
    this.engine.stop();
    this.engine.followOtherTabs(false);
    this.role = 'idle';
    for (const [id, waiting] of this.waiting) {
      this.waiting.delete(id);
      waiting.resolve(this.snapshot);
    }
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

  /** "Sync now"; a follower's runs in the leader tab and resolves with the leader's status after it. */
  syncNow(): Promise<SyncSnapshot> {
    return this.role === 'follower' ? this.forward('sync') : this.engine.syncNow();
  }

  /** "Full re-sync" (SC4), in the leader tab when this one follows. */
  fullResync(): Promise<SyncSnapshot> {
    return this.role === 'follower' ? this.forward('full') : this.engine.fullResync();
  }

  /** Asks for the leader lock: in line, or at once taken from a silent leader (steal, SC25). */
  private requestLock(steal: boolean): void {
    const { tabs } = this.deps;
    if (!tabs) return;
    const generation = this.generation;
    const current = () => generation === this.generation && this.releaseLock === release;
    const release = tabs.locks.acquire(
      SYNC_LEADER_LOCK,
      {
        onAcquired: () => {
          if (current()) void this.lead(true);
        },
        onLost: () => {
          if (current()) this.stepDown();
        },
      },
      { steal },
    );
    this.releaseLock = release;
  }

  /** This tab syncs from now on: for itself only (solo), or for every tab (leader). */
  private async lead(forEveryTab: boolean): Promise<void> {
    const generation = this.generation;
    const term = this.term;
    this.role = forEveryTab ? 'leader' : 'solo';
    this.watch.stop();
    this.stealing = false;
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
    for (const [id, waiting] of this.waiting) {
      this.waiting.delete(id);
      void this.run(waiting.run).then(waiting.resolve);
    }
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
    this.releaseLock?.();
    this.requestLock(false);
  }

  /**
   * The leader said nothing for LEADER_SILENCE_MS while this tab had work (SC25). A visible tab
   * takes the lock; a hidden one (it may be frozen next) or one whose steal did not go through
   * resolves its waiting requests with a failure. Returns whether to keep watching.
   */
  private onLeaderSilent(): boolean {
    if (this.role !== 'follower') return false;
    if (!this.stealing && (this.deps.tabs?.isVisible?.() ?? true)) {
      this.stealing = true;
      this.releaseLock?.();
      this.requestLock(true);
      return true;
    }
    const failed: SyncSnapshot = { ...this.snapshot, status: 'error', failure: leaderUnresponsiveFailure() };
    if (this.waiting.size > 0) this.publish(failed);
    for (const [id, waiting] of this.waiting) {
      this.waiting.delete(id);
      waiting.resolve(failed);
    }
    return true;
  }

  private forward(run: Waiting['run']): Promise<SyncSnapshot> {
    if (!this.deps.availability.isActive()) return Promise.resolve(this.snapshot);
    const id = this.newId();
    // Shown at once; the leader's own statuses follow (and a silent leader ends it in error, SC25).
    if (this.snapshot.status !== 'started') this.publish({ ...this.snapshot, status: 'started' });
    return new Promise((resolve) => {
      this.waiting.set(id, { run, resolve });
      this.post({ v: 1, type: 'request', id, run, at: this.now() });
      this.watch.expectAnswer();
    });
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
        for (const [id, waiting] of this.waiting)
          this.post({ v: 1, type: 'request', id, run: waiting.run, at: this.now() });
        return;
      case 'status':
        if (this.role !== 'follower') return;
        this.watch.heard();
        this.publish(message.snapshot);
        return;
      case 'request':
        if (this.role !== 'leader' || this.taken.has(message.id)) return;
        // Its sender has stopped waiting (it took the lead, or gave up): this tab was frozen.
        if (message.at !== undefined && this.now() - message.at >= LEADER_SILENCE_MS) return;
        this.remember(message.id);
        // Running it publishes a status (started, scheduled) or, during a sync, the heartbeat does:
        // that is how the follower knows this tab is alive (SC25).
        void this.run(message.run).then((snapshot) => {
          if (message.run !== 'schedule') this.post({ v: 1, type: 'done', id: message.id, snapshot });
        });
        return;
      case 'done': {
        const waiting = this.waiting.get(message.id);
        if (!waiting) return;
        this.waiting.delete(message.id);
        this.watch.heard();
        waiting.resolve(message.snapshot);
        return;
      }
    }
  }

  private remember(id: string): void {
    this.taken.add(id);
    // Only a request sent just before this tab announced itself comes again: keep the last few.
    if (this.taken.size > MAX_TAKEN) this.taken.delete(this.taken.values().next().value ?? id);
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
