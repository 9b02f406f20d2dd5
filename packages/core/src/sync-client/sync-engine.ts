import { randomIdGenerator, type IdGenerator } from '../platform';
import type { StorageChange, StoragePort, Unsubscribe } from '../storage';
import type { SyncStats } from '../sync';
import { OwnWrites } from './own-writes';
import type { SyncAvailability, SyncScheduler, SyncTransport } from './ports';
import { SyncFailureError, unexpectedFailure, type SyncFailure } from './sync-failure';
import { isRetryableFailure, retryDelayMs } from './sync-retry';
import { runSync, type RemoteChanges } from './sync-run';
import { DELETION_KINDS, readSyncState, type DeletionKind } from './sync-state';
import { isSyncedChange } from './synced-changes';

/** Spec section 4: init, scheduled, started, then ready on success or error on failure (SC1). */
export type SyncStatus = 'init' | 'scheduled' | 'started' | 'ready' | 'error';

export interface SyncSnapshot {
  readonly status: SyncStatus;
  /** The last failure; cleared by the next successful sync. */
  readonly failure: SyncFailure | null;
  /** Server time of the last successful sync. */
  readonly lastSyncAt: string | null;
  readonly stats: SyncStats | null;
}

export interface SyncEngineDeps {
  readonly store: StoragePort;
  readonly transport: SyncTransport;
  readonly scheduler: SyncScheduler;
  readonly availability: SyncAvailability;
  /** Told about unexpected failures (spec section 8: "the error is reported"). */
  readonly report?: (error: unknown) => void;
  /** Told which local records a sync wrote, so open views can re-read them. */
  readonly onRemoteChanges?: (changes: RemoteChanges) => void;
  /** Ids for records that must move to a new id (SC24); random by default. */
  readonly ids?: IdGenerator;
}

/** Spec section 9: a sync runs 1 second after the last local change. */
export const SYNC_DEBOUNCE_MS = 1000;

/**
 * The client sync engine over ports: watches the store for local changes, debounces them into
 * syncs, runs one sync at a time and publishes its status. Rules: SPEC.md (SC*).
 */
export class SyncEngine {
  private snapshot: SyncSnapshot = { status: 'init', failure: null, lastSyncAt: null, stats: null };
  private readonly listeners = new Set<(snapshot: SyncSnapshot) => void>();
  private readonly own = new OwnWrites();
  private touched = new Map<DeletionKind, Set<string>>();
  private cancelTimer: (() => void) | null = null;
  /** The automatic retry after a failure that may pass (SC27), and how many runs failed in a row. */
  private cancelRetry: (() => void) | null = null;
  private failedRuns = 0;
  private running: Promise<SyncSnapshot> | null = null;
  private queued: { full: boolean; promise: Promise<SyncSnapshot> } | null = null;
  private unsubscribe: Unsubscribe | null = null;
  private followsOtherTabs = false;
  /** Set by halt(): the queued run is dropped when the running one ends. */
  private dropQueued = false;

  constructor(private readonly deps: SyncEngineDeps) {}

  /** Starts watching the store; reads the last sync's time and usage for the status display. */
  async start(): Promise<void> {
    if (this.unsubscribe) return;
    this.unsubscribe = this.deps.store.onChange((change) => this.onStoreChange(change));
    try {
      const state = await readSyncState(this.deps.store);
      if (this.snapshot.status === 'init') this.publish({ lastSyncAt: state.lastSyncAt, stats: state.stats });
    } catch (error) {
      this.deps.report?.(error);
    }
  }

  stop(): void {
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.cancelScheduled();
    this.cancelRetryTimer();
  }

  /**
   * Another tab took the lead (SC25): stops like stop(), and a run queued behind the one still
   * running is dropped (its callers get the status after that run), so this tab syncs no more.
   */
  halt(): void {
    this.stop();
    if (this.queued) this.dropQueued = true;
  }

  /**
   * The leader tab syncs for every tab (SC21): then other tabs' changes, which the store reports
   * with origin `remote`, schedule a sync like this tab's own. Off, they are left to their tab.
   */
  followOtherTabs(follow: boolean): void {
    this.followsOtherTabs = follow;
  }

  getSnapshot(): SyncSnapshot {
    return this.snapshot;
  }

  subscribe(listener: (snapshot: SyncSnapshot) => void): Unsubscribe {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Schedules a sync SYNC_DEBOUNCE_MS from now; a later call restarts the wait (SC2). */
  schedule(): void {
    if (!this.deps.availability.isActive()) return;
    this.cancelScheduled();
    this.cancelTimer = this.deps.scheduler.schedule(() => {
      this.cancelTimer = null;
      void this.request(false);
    }, SYNC_DEBOUNCE_MS);
    if (!this.running) this.publish({ status: 'scheduled' });
  }

  /**
   * The network is back (the browser's `online` event, SC28): a failed sync is tried again now, with
   * the backoff started over, and otherwise a sync soon picks up what other devices did meanwhile.
   * Through schedule(), so a connection that flaps costs one sync.
   */
  networkBack(): void {
    if (!this.unsubscribe) return;
    this.cancelRetryTimer();
    this.failedRuns = 0;
    this.schedule();
  }

  /** "Sync now": runs at once (after a sync already running). */
  syncNow(): Promise<SyncSnapshot> {
    this.cancelScheduled();
    return this.request(false);
  }

  /** "Full re-sync": from the epoch, sending everything (SC4). */
  fullResync(): Promise<SyncSnapshot> {
    this.cancelScheduled();
    return this.request(true);
  }

  private cancelScheduled(): void {
    this.cancelTimer?.();
    this.cancelTimer = null;
  }

  private cancelRetryTimer(): void {
    this.cancelRetry?.();
    this.cancelRetry = null;
  }

  /** SC27: after a failure that may pass, one more run later, each wait twice the last. */
  private retryLater(failure: SyncFailure): void {
    this.cancelRetryTimer();
    if (!isRetryableFailure(failure) || !this.unsubscribe) return;
    this.failedRuns += 1;
    this.cancelRetry = this.deps.scheduler.schedule(() => {
      this.cancelRetry = null;
      void this.request(false);
    }, retryDelayMs(this.failedRuns));
  }

  private onStoreChange(change: StorageChange): void {
    if (change.origin === 'local' ? this.own.covers(change) : !this.followsOtherTabs) return;
    if (!isSyncedChange(change)) return;
    if ((DELETION_KINDS as readonly string[]).includes(change.area)) {
      const kind = change.area as DeletionKind;
      const ids = this.touched.get(kind) ?? new Set<string>();
      for (const id of change.ids) ids.add(id);
      this.touched.set(kind, ids);
    }
    this.schedule();
  }

  /** One sync at a time (SC19): a request during a run queues one more run after it. */
  private request(full: boolean): Promise<SyncSnapshot> {
    if (!this.deps.availability.isActive()) return Promise.resolve(this.snapshot);
    if (!this.running) {
      this.running = this.run(full).finally(() => {
        this.running = null;
        const next = this.queued;
        const dropped = this.dropQueued;
        this.queued = null;
        this.dropQueued = false;
        if (next && !dropped) void this.request(next.full);
      });
      return this.running;
    }
    if (this.queued) {
      this.queued.full ||= full;
      return this.queued.promise;
    }
    const after = this.running.then(() => this.running ?? Promise.resolve(this.snapshot));
    this.queued = { full, promise: after };
    return after;
  }

  private async run(full: boolean): Promise<SyncSnapshot> {
    // Any run is the retry's retry: its own failure schedules the next one.
    this.cancelRetryTimer();
    this.publish({ status: 'started' });
    const touched = this.touched;
    this.touched = new Map();
    const { store, transport } = this.deps;
    const attachments = this.deps.availability.syncsAttachments();
    let changes: RemoteChanges | undefined;
    try {
      const ids = this.deps.ids ?? randomIdGenerator;
      const result = await runSync({ store, transport, own: this.own, attachments, ids }, { full, touched });
      changes = result.changes;
      this.failedRuns = 0;
      this.publish({
        status: 'ready',
        failure: null,
        lastSyncAt: result.state.lastSyncAt,
        stats: result.state.stats,
      });
    } catch (error) {
      const failure = error instanceof SyncFailureError ? error.failure : unexpectedFailure();
      if (failure.code === 'unexpected') this.deps.report?.(error);
      const stats = error instanceof SyncFailureError && error.stats ? error.stats : this.snapshot.stats;
      this.publish({ status: 'error', failure, stats });
      this.retryLater(failure);
    }
    if (changes) this.deps.onRemoteChanges?.(changes);
    if (this.cancelTimer && !this.queued) this.publish({ status: 'scheduled' });
    return this.snapshot;
  }

  private publish(change: Partial<SyncSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...change };
    for (const listener of [...this.listeners]) listener(this.snapshot);
  }
}
