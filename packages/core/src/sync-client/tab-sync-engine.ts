import { randomIdGenerator } from '../platform';
import type { Unsubscribe } from '../storage';
import { SyncEngine, type SyncEngineDeps, type SyncSnapshot } from './sync-engine';
import { readSyncState } from './sync-state';
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
}

const MAX_TAKEN = 100;

type Waiting = { readonly run: Exclude<TabSyncRun, 'schedule'>; readonly resolve: (s: SyncSnapshot) => void };

/**
 * The sync engine of one tab, made to cooperate with the other tabs of the same browser profile
 * (SC21): exactly one tab, the holder of the leader lock, runs the engine; the others forward
 * "sync now" to it and show its status. When the leader's tab closes the lock passes to another
 * tab, which takes over and syncs at once. Same surface as SyncEngine.
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
  private cleanups: (() => void)[] = [];

  constructor(private readonly deps: TabSyncEngineDeps) {
    this.engine = new SyncEngine(deps);
    this.snapshot = this.engine.getSnapshot();
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
    this.post({ v: 1, type: 'hello' });
    this.cleanups.push(
      tabs.locks.acquire(SYNC_LEADER_LOCK, () => {
        if (generation === this.generation) void this.lead(true);
      }),
    );
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
    for (const cleanup of this.cleanups.splice(0)) cleanup();
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
    if (this.deps.availability.isActive())
      this.post({ v: 1, type: 'request', id: this.newId(), run: 'schedule' });
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
    this.role = forEveryTab ? 'leader' : 'solo';
    this.engine.followOtherTabs(forEveryTab);
    this.cleanups.push(
      this.engine.subscribe((snapshot) => {
        this.publish(snapshot);
        if (forEveryTab) this.post({ v: 1, type: 'status', snapshot });
      }),
    );
    if (forEveryTab) this.post({ v: 1, type: 'leader' });
    await this.engine.start();
    if (generation !== this.generation) return;
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

  private forward(run: Waiting['run']): Promise<SyncSnapshot> {
    if (!this.deps.availability.isActive()) return Promise.resolve(this.snapshot);
    const id = this.newId();
    return new Promise((resolve) => {
      this.waiting.set(id, { run, resolve });
      this.post({ v: 1, type: 'request', id, run });
    });
  }

  private run(run: TabSyncRun): Promise<SyncSnapshot> {
    if (run === 'schedule') {
      this.engine.schedule();
      return Promise.resolve(this.engine.getSnapshot());
    }
    return run === 'full' ? this.engine.fullResync() : this.engine.syncNow();
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
        // The last leader may have closed before answering: ask the new one.
        for (const [id, waiting] of this.waiting) this.post({ v: 1, type: 'request', id, run: waiting.run });
        return;
      case 'status':
        if (this.role === 'follower') this.publish(message.snapshot);
        return;
      case 'request':
        if (this.role !== 'leader' || this.taken.has(message.id)) return;
        this.remember(message.id);
        void this.run(message.run).then((snapshot) => {
          if (message.run !== 'schedule') this.post({ v: 1, type: 'done', id: message.id, snapshot });
        });
        return;
      case 'done': {
        const waiting = this.waiting.get(message.id);
        if (!waiting) return;
        this.waiting.delete(message.id);
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

  private newId(): string {
    return (this.deps.ids ?? randomIdGenerator).randomId();
  }

  private publish(snapshot: SyncSnapshot): void {
    this.snapshot = snapshot;
    for (const listener of [...this.listeners]) listener(snapshot);
  }
}
