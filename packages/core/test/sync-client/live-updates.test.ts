import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/platform';
import {
  LIVE_PULL_DELAY_MS,
  LIVE_PULL_JITTER_MS,
  LIVE_SILENCE_MS,
  LIVE_STABLE_MS,
  LiveSyncListener,
  liveReconnectDelayMs,
  type SyncEventHandlers,
} from '../../src/sync-client/live-updates';
import { FakeScheduler } from '../../src/sync-client/test-support';

/** A listener over a scripted stream: each `open` is recorded, the test plays the server. */
function harness(options: { random?: number; lastSyncAt?: string | null } = {}) {
  const scheduler = new FakeScheduler();
  const clock = new FakeClock('2026-03-01T10:00:00.000Z');
  const streams: { handlers: SyncEventHandlers; closed: boolean }[] = [];
  let lastSyncAt = options.lastSyncAt ?? null;
  let pulls = 0;
  const listener = new LiveSyncListener({
    events: {
      open(handlers) {
        const stream = { handlers, closed: false };
        streams.push(stream);
        return () => {
          stream.closed = true;
        };
      },
    },
    scheduler,
    clock,
    random: () => options.random ?? 0,
    lastSyncAt: () => lastSyncAt,
    pull: () => {
      pulls += 1;
    },
  });
  return {
    listener,
    streams,
    current: () => streams.at(-1)!,
    get pulls() {
      return pulls;
    },
    setLastSyncAt(at: string | null) {
      lastSyncAt = at;
    },
    advance(ms: number) {
      clock.advance(ms);
      scheduler.advance(ms);
    },
  };
}

describe('live updates: notifications become pulls', () => {
  it('SC34 a change newer than the last sync pulls once, after 300 ms plus a random part of 500 ms', () => {
    const h = harness({ random: 0.5, lastSyncAt: '2026-03-01T09:00:00.000Z' });
    h.listener.start();
    h.current().handlers.opened();
    h.current().handlers.changed('2026-03-01T09:30:00.000Z');
    // More notifications in the wait share the one pull.
    h.current().handlers.changed('2026-03-01T09:31:00.000Z');
    const wait = LIVE_PULL_DELAY_MS + LIVE_PULL_JITTER_MS / 2;
    h.advance(wait - 1);
    expect(h.pulls).toBe(0);
    h.advance(1);
    expect(h.pulls).toBe(1);
    h.advance(10_000);
    expect(h.pulls).toBe(1);
  });

  it('SC34 the jitter spreads devices over the window: random 0 waits 300 ms, random near 1 almost 800 ms', () => {
    const early = harness({ random: 0 });
    early.listener.start();
    early.current().handlers.changed('2026-03-01T09:30:00.000Z');
    early.advance(LIVE_PULL_DELAY_MS);
    expect(early.pulls).toBe(1);
    const late = harness({ random: 0.999 });
    late.listener.start();
    late.current().handlers.changed('2026-03-01T09:30:00.000Z');
    late.advance(LIVE_PULL_DELAY_MS + LIVE_PULL_JITTER_MS - 2);
    expect(late.pulls).toBe(0);
    late.advance(1);
    expect(late.pulls).toBe(1);
  });

  it('SC34 a change at or before this device’s last sync (its own write, a pull that already ran) is ignored', () => {
    const h = harness({ lastSyncAt: '2026-03-01T09:30:00.000Z' });
    h.listener.start();
    h.current().handlers.opened();
    h.current().handlers.changed('2026-03-01T09:30:00.000Z');
    h.current().handlers.changed('2026-03-01T09:29:59.999Z');
    h.current().handlers.changed('not a time');
    h.advance(5_000);
    expect(h.pulls).toBe(0);
    h.current().handlers.changed('2026-03-01T09:30:00.001Z');
    h.advance(LIVE_PULL_DELAY_MS + LIVE_PULL_JITTER_MS);
    expect(h.pulls).toBe(1);
  });

  it('SC34 stop closes the stream and drops a pull that was waiting', () => {
    const h = harness();
    h.listener.start();
    h.current().handlers.changed('2026-03-01T09:30:00.000Z');
    h.listener.stop();
    expect(h.current().closed).toBe(true);
    h.advance(120_000);
    expect(h.pulls).toBe(0);
    expect(h.streams).toHaveLength(1);
    // Started again: one new stream.
    h.listener.start();
    h.listener.start();
    expect(h.streams).toHaveLength(2);
  });
});

describe('live updates: reconnecting', () => {
  it('SC35 reconnects wait 1 s, 2 s, 4 s … at most 60 s, half of each wait random', () => {
    expect([1, 2, 3, 4, 7, 8, 20].map((n) => liveReconnectDelayMs(n, 0))).toEqual([
      500, 1000, 2000, 4000, 30_000, 30_000, 30_000,
    ]);
    expect(liveReconnectDelayMs(1, 0.999_999)).toBe(1000);
    expect(liveReconnectDelayMs(9, 0.999_999)).toBe(60_000);
  });

  it('SC35 a dropped stream is opened again with backoff; the one that opens pulls once for what it missed', () => {
    const h = harness({ random: 0 });
    h.listener.start();
    h.current().handlers.opened();
    h.current().handlers.closed();
    h.advance(499);
    expect(h.streams).toHaveLength(1);
    h.advance(1);
    expect(h.streams).toHaveLength(2);
    // The server is down: refusals and drops back off.
    h.current().handlers.closed(503);
    h.advance(999);
    expect(h.streams).toHaveLength(2);
    h.advance(1);
    expect(h.streams).toHaveLength(3);
    h.current().handlers.closed();
    h.advance(2000);
    expect(h.streams).toHaveLength(4);
    expect(h.pulls).toBe(0);
    h.current().handlers.opened();
    h.advance(LIVE_PULL_DELAY_MS);
    expect(h.pulls).toBe(1);
  });

  it('SC35 a stream that lived 30 s starts the backoff over; a stream silent for 60 s is reopened', () => {
    const h = harness({ random: 0 });
    h.listener.start();
    for (let n = 0; n < 4; n += 1) {
      h.current().handlers.closed();
      h.advance(10_000);
    }
    expect(h.streams).toHaveLength(5);
    h.current().handlers.opened();
    h.advance(LIVE_STABLE_MS);
    h.current().handlers.alive();
    h.current().handlers.closed();
    h.advance(500);
    expect(h.streams).toHaveLength(6);
    // Heartbeats keep it; silence ends it.
    h.current().handlers.opened();
    h.advance(LIVE_SILENCE_MS - 1);
    h.current().handlers.alive();
    h.advance(LIVE_SILENCE_MS - 1);
    expect(h.current().closed).toBe(false);
    h.advance(1);
    expect(h.streams[5]!.closed).toBe(true);
    h.advance(500);
    expect(h.streams).toHaveLength(7);
  });

  it('SC36 a refusal that waiting cannot cure (401, 404, 426) ends listening after one pull, which shows why', () => {
    for (const status of [401, 404, 426]) {
      const h = harness();
      h.listener.start();
      h.current().handlers.closed(status);
      expect(h.pulls).toBe(1);
      expect(h.listener.listening).toBe(false);
      h.advance(LIVE_SILENCE_MS * 10);
      // What the pull changes (a status, a cleared session) starts nothing again: no loop of pulls.
      h.listener.start();
      expect(h.streams).toHaveLength(1);
      expect(h.pulls).toBe(1);
      // Hidden and shown again (or signed in again): one new try.
      h.listener.stop();
      h.listener.start();
      expect(h.streams).toHaveLength(2);
    }
    // 429 (too many streams) waits and tries again.
    const busy = harness({ random: 0 });
    busy.listener.start();
    busy.current().handlers.closed(429);
    busy.advance(500);
    expect(busy.streams).toHaveLength(2);
    expect(busy.pulls).toBe(0);
  });
});
