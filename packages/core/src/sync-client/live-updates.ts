import type { Clock } from '../platform';
import type { SyncScheduler } from './ports';

/**
 * What the listener hears from one notification stream (PR12). The adapter opens
 * `GET /api/sync/events` and calls these; `closed` comes once, last.
 */
export interface SyncEventHandlers {
  /** The server accepted the stream (a 2xx answer). */
  opened(): void;
  /** A `changed` event: the account's data changed at `at` (the server's stamp). */
  changed(at: string): void;
  /** Any bytes, heartbeats included: the stream is alive. */
  alive(): void;
  /** The stream ended: `status` when the server refused it, absent when it dropped or failed. */
  closed(status?: number): void;
}

/** Opens one notification stream; the function it answers closes it (no handler is called after). */
export interface SyncEventSource {
  open(handlers: SyncEventHandlers): () => void;
}

export interface LiveSyncDeps {
  readonly events: SyncEventSource;
  readonly scheduler: SyncScheduler;
  readonly clock: Clock;
  /** A number in [0, 1): Math.random in the app, a seeded one in tests. */
  readonly random: () => number;
  /** The server time of this device's last successful sync (PR1), or null. */
  readonly lastSyncAt: () => string | null;
  /** Pulls now (the engine's "sync now"). */
  readonly pull: () => void;
}

/** SC34: a notification is answered by one pull after this wait plus up to LIVE_PULL_JITTER_MS. */
export const LIVE_PULL_DELAY_MS = 300;
export const LIVE_PULL_JITTER_MS = 500;
/** SC35: reconnects wait 1 s, then twice as long each time, at most 60 s, half of it random. */
export const LIVE_RECONNECT_FIRST_MS = 1_000;
export const LIVE_RECONNECT_MAX_MS = 60_000;
/** SC35: a stream that lived this long starts the backoff over when it drops. */
export const LIVE_STABLE_MS = 30_000;
/** SC35: a stream silent this long (the server's heartbeat is 25 s) is taken for dead. */
export const LIVE_SILENCE_MS = 60_000;

/**
 * Listens for another device's changes (SC34-SC36) while `start`ed: keeps one notification stream
 * open, answers a `changed` newer than this device's lastSyncAt with one pull after a short
 * random wait (so a thousand devices do not pull in the same millisecond), and reconnects with
 * exponential backoff and jitter. Pure: the stream, timers, clock and randomness are ports.
 */
export class LiveSyncListener {
  private close: (() => void) | null = null;
  private running = false;
  /** SC36: refused for good; start() waits for a stop() (hidden, offline, signed out) first. */
  private refused = false;
  private failures = 0;
  /** Whether a stream of this run was open before: its successor may have missed changes. */
  private wasOpen = false;
  private openedAt = 0;
  private cancelPull: (() => void) | null = null;
  private cancelReconnect: (() => void) | null = null;
  private cancelWatchdog: (() => void) | null = null;

  constructor(private readonly deps: LiveSyncDeps) {}

  get listening(): boolean {
    return this.running;
  }

  /** Opens the stream (no-op when started, or refused until the next stop). */
  start(): void {
    if (this.running || this.refused) return;
    this.running = true;
    this.failures = 0;
    this.wasOpen = false;
    this.connect();
  }

  /** Closes the stream and forgets every timer (hidden, offline, signed out, sync off). */
  stop(): void {
    this.running = false;
    this.refused = false;
    this.close?.();
    this.close = null;
    for (const cancel of [this.cancelPull, this.cancelReconnect, this.cancelWatchdog]) cancel?.();
    this.cancelPull = this.cancelReconnect = this.cancelWatchdog = null;
  }

  private connect(): void {
    this.cancelReconnect = null;
    let current = true;
    const ended = (status?: number) => {
      if (!current) return;
      current = false;
      this.close = null;
      this.cancelWatchdog?.();
      this.cancelWatchdog = null;
      this.onClosed(status);
    };
    this.close = this.deps.events.open({
      opened: () => {
        if (!current) return;
        this.openedAt = this.deps.clock.now();
        // SC35: changes made while no stream was open are pulled once.
        if (this.wasOpen) this.pullSoon();
        this.wasOpen = true;
        this.watch(ended);
      },
      changed: (at) => {
        if (!current) return;
        this.watch(ended);
        if (!this.isNews(at)) return;
        this.pullSoon();
      },
      alive: () => {
        if (current) this.watch(ended);
      },
      closed: ended,
    });
  }

  /** SC35: no byte for LIVE_SILENCE_MS: the stream is closed and opened again. */
  private watch(ended: (status?: number) => void): void {
    this.cancelWatchdog?.();
    this.cancelWatchdog = this.deps.scheduler.schedule(() => {
      this.cancelWatchdog = null;
      this.close?.();
      ended();
    }, LIVE_SILENCE_MS);
  }

  /** SC34: a change at or before this device's last sync is already here (its own write, a pull). */
  private isNews(at: string): boolean {
    const changed = Date.parse(at);
    if (Number.isNaN(changed)) return false;
    const last = this.deps.lastSyncAt();
    return last === null || !(Date.parse(last) >= changed);
  }

  /** SC34: one pull per burst of notifications, after 300 ms and a random part of 500 ms. */
  private pullSoon(): void {
    if (this.cancelPull) return;
    const wait = LIVE_PULL_DELAY_MS + Math.floor(this.deps.random() * LIVE_PULL_JITTER_MS);
    this.cancelPull = this.deps.scheduler.schedule(() => {
      this.cancelPull = null;
      if (this.running) this.deps.pull();
    }, wait);
  }

  private onClosed(status?: number): void {
    if (!this.running) return;
    // SC36: a refusal that waiting cannot cure (signed out, no such route on an older server, an
    // incompatible protocol) ends listening; one pull shows why through the sync's own failure.
    if (status !== undefined && status >= 400 && status < 500 && status !== 408 && status !== 429) {
      this.running = false;
      this.refused = true;
      this.deps.pull();
      return;
    }
    const lived = this.openedAt > 0 && this.deps.clock.now() - this.openedAt >= LIVE_STABLE_MS;
    this.openedAt = 0;
    this.failures = lived ? 1 : this.failures + 1;
    const delay = liveReconnectDelayMs(this.failures, this.deps.random());
    this.cancelReconnect = this.deps.scheduler.schedule(() => this.connect(), delay);
  }
}

/** SC35: the wait before reconnect number `attempt` (1 first): half of it fixed, half random. */
export function liveReconnectDelayMs(attempt: number, random: number): number {
  const ceiling = Math.min(LIVE_RECONNECT_FIRST_MS * 2 ** Math.max(0, attempt - 1), LIVE_RECONNECT_MAX_MS);
  return Math.round(ceiling / 2 + (ceiling / 2) * random);
}
