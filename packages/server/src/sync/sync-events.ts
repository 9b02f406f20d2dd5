import { formatSyncChangedEvent, SYNC_EVENTS_HEARTBEAT } from '@parley/core/sync';

/** Limits of the change notification streams (SY18; env SYNC_EVENTS_PER_ACCOUNT, SYNC_EVENTS_TOTAL). */
export type SyncEventSettings = {
  /** Open streams one account may hold (its devices and tabs together). */
  maxPerAccount: number;
  /** Open streams of the whole server. */
  maxTotal: number;
  /** Between two heartbeat comments. */
  heartbeatMs: number;
};

export const DEFAULT_SYNC_EVENTS_PER_ACCOUNT = 20;
export const DEFAULT_SYNC_EVENTS_TOTAL = 10_000;

/** One open stream: its writer and who it belongs to, nothing more (SY18). */
type Listener = {
  readonly userId: string;
  readonly listenerId: string | undefined;
  readonly write: (text: string) => boolean;
  readonly end: () => void;
};

const encoder = new TextEncoder();

/** Carries a change to the other server processes (CL1: PostgreSQL NOTIFY, `cluster/change-relay.ts`). */
export type SyncChangeRelay = (userId: string, at: string, exceptListenerId: string | undefined) => void;

/**
 * The change notifications of one server process (SY17-SY18): the open streams by account, a
 * fan-out when an account's data changed, and one heartbeat timer for every stream, which runs
 * only while a stream is open. With several server processes on PostgreSQL a relay carries each
 * change to the others, which deliver it to their own streams (CL1, decision 0120). The stream
 * limits (SY18) are per process: they bound what one process holds open.
 */
export class SyncEventHub {
  private readonly byUser = new Map<string, Set<Listener>>();
  private total = 0;
  private heartbeat: ReturnType<typeof setInterval> | null = null;
  private relay: SyncChangeRelay | undefined;

  constructor(private readonly settings: SyncEventSettings) {}

  get size(): number {
    return this.total;
  }

  /**
   * A readable stream for `userId`, or why it is refused. The stream starts with a heartbeat (so
   * the answer's headers and first bytes leave at once) and leaves the hub when the client goes.
   */
  open(
    userId: string,
    listenerId: string | undefined,
    signal: AbortSignal,
  ):
    { ok: true; body: ReadableStream<Uint8Array> } | { ok: false; reason: 'account_limit' | 'server_limit' } {
    if (this.total >= this.settings.maxTotal) return { ok: false, reason: 'server_limit' };
    if ((this.byUser.get(userId)?.size ?? 0) >= this.settings.maxPerAccount)
      return { ok: false, reason: 'account_limit' };
    let leave = () => {};
    const body = new ReadableStream<Uint8Array>({
      start: (controller) => {
        const listener: Listener = {
          userId,
          listenerId,
          write: (text) => {
            try {
              controller.enqueue(encoder.encode(text));
              return true;
            } catch {
              return false; // closed under us: the cancel below removes it
            }
          },
          end: () => {
            try {
              controller.close();
            } catch {
              // already closed
            }
          },
        };
        leave = this.add(listener);
        listener.write(SYNC_EVENTS_HEARTBEAT);
      },
      cancel: () => leave(),
    });
    if (signal.aborted) leave();
    else signal.addEventListener('abort', () => leave(), { once: true });
    return { ok: true, body };
  }

  /** CL1: every change notified here also goes to `relay` (the other processes). */
  relayTo(relay: SyncChangeRelay | undefined): void {
    this.relay = relay;
  }

  /**
   * SY17: tells the account's streams that its data changed at `at`, except the stream of the
   * device that wrote (`exceptListenerId`), here and, through the relay, in every other process.
   * No record data goes out. Returns how many streams of this process were told.
   */
  notify(userId: string, at: string, exceptListenerId?: string): number {
    // The relay first: its round trip to the database then overlaps this process's own fan-out.
    this.relay?.(userId, at, exceptListenerId);
    return this.deliver(userId, at, exceptListenerId);
  }

  /** A change this process's streams hear, without relaying it (it came from another process). */
  deliver(userId: string, at: string, exceptListenerId?: string): number {
    const listeners = this.byUser.get(userId);
    if (!listeners) return 0;
    const text = formatSyncChangedEvent(at);
    let told = 0;
    for (const listener of listeners) {
      if (exceptListenerId !== undefined && listener.listenerId === exceptListenerId) continue;
      if (listener.write(text)) told += 1;
    }
    return told;
  }

  /**
   * CL1: every stream of this process hears a change at `at` (the relay reconnected and may have
   * missed some): a device that finds nothing new on its next sync lost only that round trip.
   */
  wakeAll(at: string): number {
    const text = formatSyncChangedEvent(at);
    let told = 0;
    for (const listeners of this.byUser.values())
      for (const listener of listeners) if (listener.write(text)) told += 1;
    return told;
  }

  /** Ends every stream (the server stops). */
  closeAll(): void {
    for (const listeners of [...this.byUser.values()]) for (const listener of [...listeners]) listener.end();
    this.byUser.clear();
    this.total = 0;
    this.stopHeartbeat();
  }

  private add(listener: Listener): () => void {
    const listeners = this.byUser.get(listener.userId) ?? new Set<Listener>();
    listeners.add(listener);
    this.byUser.set(listener.userId, listeners);
    this.total += 1;
    this.heartbeat ??= startHeartbeat(this.settings.heartbeatMs, () => this.beat());
    let left = false;
    return () => {
      if (left) return;
      left = true;
      listeners.delete(listener);
      if (listeners.size === 0 && this.byUser.get(listener.userId) === listeners)
        this.byUser.delete(listener.userId);
      this.total -= 1;
      if (this.total <= 0) this.stopHeartbeat();
    };
  }

  private beat(): void {
    for (const listeners of this.byUser.values())
      for (const listener of listeners) listener.write(SYNC_EVENTS_HEARTBEAT);
  }

  private stopHeartbeat(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
  }
}

function startHeartbeat(ms: number, beat: () => void): ReturnType<typeof setInterval> {
  const timer = setInterval(beat, ms);
  // Heartbeats never keep the process alive by themselves.
  timer.unref?.();
  return timer;
}
