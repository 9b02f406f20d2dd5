import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import {
  ServerSentEventReader,
  SyncChangedEventSchema,
  syncMessages,
  SYNC_LISTENER_HEADER,
  SYNC_PROTOCOL_HEADER,
  SYNC_PROTOCOL_VERSION,
  type ServerSentEvent,
} from '@parley/core/sync';
import { afterEach, describe, expect, it } from 'vitest';
import { SyncEventHub, type SyncEventSettings } from '../src/sync/sync-events';
import { forEachDatabase } from './db-harness';
import { chatJson, syncTestApp } from './sync-test-kit';

const LISTENER_A = 'listener-laptop-0001';

/** The app on a real port (streams need real HTTP), its hub, and a reader of event streams. */
async function liveServer(
  database: Parameters<typeof syncTestApp>[0],
  settings: Partial<SyncEventSettings> = {},
) {
  const hub = new SyncEventHub({ maxPerAccount: 20, maxTotal: 100, heartbeatMs: 25_000, ...settings });
  const kit = syncTestApp(database, undefined, { syncEvents: hub });
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const started = serve({ fetch: kit.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(started));
  });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const streams: AbortController[] = [];

  /** Opens GET /api/sync/events; `next` waits for the next event or heartbeat. */
  async function stream(token: string | undefined, options: { listener?: string; protocol?: string } = {}) {
    const abort = new AbortController();
    streams.push(abort);
    const headers: Record<string, string> = {};
    if (token) headers.authorization = `Bearer ${token}`;
    if (options.protocol) headers[SYNC_PROTOCOL_HEADER] = options.protocol;
    const query = options.listener ? `?listener=${options.listener}` : '';
    const res = await fetch(`${base}/api/sync/events${query}`, { headers, signal: abort.signal });
    const reader = res.ok ? res.body!.getReader() : undefined;
    const sse = new ServerSentEventReader();
    const events: ServerSentEvent[] = [];
    let comments = 0;
    const decoder = new TextDecoder();
    const pump = (async () => {
      if (!reader) return;
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return;
          const read = sse.push(decoder.decode(value, { stream: true }));
          events.push(...read.events);
          comments += read.comments;
        }
      } catch {
        // aborted
      }
    })();
    return {
      res,
      events,
      get comments() {
        return comments;
      },
      /** Resolves when `check` holds, polling; rejects after `ms`. */
      async until(check: () => boolean, ms = 3000) {
        const deadline = Date.now() + ms;
        while (!check()) {
          if (Date.now() > deadline) throw new Error('timed out waiting on the stream');
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
      },
      close: async () => {
        abort.abort();
        await pump;
      },
    };
  }

  async function stop() {
    for (const abort of streams) abort.abort();
    hub.closeAll();
    await new Promise((resolve) => server.close(resolve));
  }
  return { kit, hub, base, stream, stop };
}

let stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stops) await stop();
  stops = [];
});

async function started(...args: Parameters<typeof liveServer>) {
  const live = await liveServer(...args);
  stops.push(live.stop);
  return live;
}

const changedAt = (event: ServerSentEvent) => SyncChangedEventSchema.parse(JSON.parse(event.data)).at;

async function until(check: () => boolean, ms = 3000) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('change notifications', () => {
  forEachDatabase((t) => {
    it('SY17 AU2 a stream needs a live cloud token: none or a bad one is 401, and nothing is kept', async () => {
      const live = await started(t.database());
      const none = await live.stream(undefined);
      expect(none.res.status).toBe(401);
      expect(((await none.res.json()) as { error: { code: string } }).error.code).toBe('unauthorized:auth');
      const forged = await live.stream('not-a-token');
      expect(forged.res.status).toBe(401);
      expect(live.hub.size).toBe(0);
    });

    it('SY17 a write on one device notifies the account’s other streams with its time only, not the writer’s, not other accounts', async () => {
      const live = await started(t.database());
      const { token } = await live.kit.signup('ada@example.com');
      const phoneToken = await live.kit.login('ada@example.com');
      const other = await live.kit.signup('bob@example.com');
      const laptopStream = await live.stream(token, { listener: LISTENER_A });
      const phoneStream = await live.stream(phoneToken, { listener: 'listener-phone-0002' });
      const bobStream = await live.stream(other.token);
      expect(phoneStream.res.status).toBe(200);
      expect(phoneStream.res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      expect(phoneStream.res.headers.get('cache-control')).toBe('no-cache, no-transform');
      expect(phoneStream.res.headers.get('x-accel-buffering')).toBe('no');
      expect(phoneStream.res.headers.get(SYNC_PROTOCOL_HEADER)).toBe(String(SYNC_PROTOCOL_VERSION));
      await until(() => live.hub.size === 3 && phoneStream.comments === 1 && laptopStream.comments === 1);

      // The laptop writes through /api/sync, naming its own stream.
      const answer = await live.kit.call('POST', '/api/sync', {
        token,
        headers: { [SYNC_LISTENER_HEADER]: LISTENER_A, [SYNC_PROTOCOL_HEADER]: '2' },
        body: { allData: { chats: [chatJson('ch-1', 0)] }, lastSyncAt: null },
      });
      expect(answer.status).toBe(200);
      await phoneStream.until(() => phoneStream.events.length === 1);
      expect(phoneStream.events[0]!.event).toBe('changed');
      expect(JSON.parse(phoneStream.events[0]!.data)).toEqual({ at: answer.json.lastSyncAt });
      expect(changedAt(phoneStream.events[0]!)).toBe('2026-03-01T10:00:00.000Z');

      // The phone pulls: nothing stored changed, so nobody is told (no ping-pong between devices).
      live.kit.clock.now += 1000;
      const phone = live.kit.device(phoneToken);
      expect((await phone.sync()).updatedChats.map((chat) => chat.id)).toEqual(['ch-1']);
      // The phone writes without naming a stream: the laptop hears it.
      live.kit.clock.now += 1000;
      await phone.sync({ chats: [chatJson('ch-1', 5, { chatTitle: 'Renamed' })] });
      await laptopStream.until(() => laptopStream.events.length === 1);
      expect(changedAt(laptopStream.events[0]!)).toBe('2026-03-01T10:00:02.000Z');
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(phoneStream.events.map(changedAt)).toEqual([
        '2026-03-01T10:00:00.000Z',
        '2026-03-01T10:00:02.000Z',
      ]);
      expect(bobStream.events).toEqual([]);
    });

    it('SY17 a heartbeat comment keeps an idle stream alive', async () => {
      const live = await started(t.database(), { heartbeatMs: 40 });
      const { token } = await live.kit.signup('ada@example.com');
      const stream = await live.stream(token);
      await stream.until(() => stream.comments >= 3);
      expect(stream.events).toEqual([]);
    });

    it('SY18 streams are limited per account and in all (429, 503) and a closed stream leaves the hub', async () => {
      const live = await started(t.database(), { maxPerAccount: 2, maxTotal: 3 });
      const ada = await live.kit.signup('ada@example.com');
      const bob = await live.kit.signup('bob@example.com');
      const first = await live.stream(ada.token);
      await live.stream(ada.token);
      const third = await live.stream(ada.token);
      expect(third.res.status).toBe(429);
      expect(((await third.res.json()) as { error: { code: string } }).error.code).toBe(
        'rate_limited:sync_events',
      );
      await live.stream(bob.token);
      const overall = await live.stream(bob.token);
      expect(overall.res.status).toBe(503);
      expect(((await overall.res.json()) as { error: { code: string } }).error.code).toBe(
        'unavailable:sync_events',
      );
      expect(live.hub.size).toBe(3);

      await first.close();
      await until(() => live.hub.size === 2);
      expect((await live.stream(ada.token)).res.status).toBe(200);
      // The server stopping ends every stream.
      live.hub.closeAll();
      expect(live.hub.size).toBe(0);
    });

    it('SY8 SY17 with sync disabled the stream is 503 like every sync route', async () => {
      const hub = new SyncEventHub({ maxPerAccount: 2, maxTotal: 2, heartbeatMs: 25_000 });
      const kit = syncTestApp(t.database(), { disabled: true }, { syncEvents: hub });
      const { token } = await kit.signup('ada@example.com');
      const res = await kit.call('GET', '/api/sync/events', { token });
      expect(res.status).toBe(503);
      expect(hub.size).toBe(0);
    });
  });
});

describe('sync protocol version', () => {
  forEachDatabase((t) => {
    it('SY19 PR11 no header is version 1 and works as before; the current version works and is answered', async () => {
      const kit = syncTestApp(t.database());
      const { token } = await kit.signup('ada@example.com');
      const body = { allData: {}, lastSyncAt: null };
      const absent = await kit.call('POST', '/api/sync', { token, body });
      expect(absent.status).toBe(200);
      const current = await kit.call('POST', '/api/sync', {
        token,
        body,
        headers: { [SYNC_PROTOCOL_HEADER]: String(SYNC_PROTOCOL_VERSION) },
      });
      expect(current.status).toBe(200);
      expect(current.headers.get(SYNC_PROTOCOL_HEADER)).toBe(String(SYNC_PROTOCOL_VERSION));
      expect(
        (await kit.call('POST', '/api/sync', { token, body, headers: { [SYNC_PROTOCOL_HEADER]: '1' } }))
          .status,
      ).toBe(200);
    });

    it('SY19 PR11 a client too old or too new is refused 426 with its reason and the reload message, on every sync route', async () => {
      const kit = syncTestApp(t.database());
      const { token } = await kit.signup('ada@example.com');
      const cases = [
        { version: '0', code: 'incompatible:client_too_old' },
        { version: String(SYNC_PROTOCOL_VERSION + 1), code: 'incompatible:server_too_old' },
      ];
      for (const { version, code } of cases) {
        const headers = { [SYNC_PROTOCOL_HEADER]: version };
        for (const [method, url, body] of [
          ['POST', '/api/sync', { allData: {}, lastSyncAt: null }],
          ['POST', '/api/sync-buffer', { chats: [chatJson('ch-1', 0)] }],
          ['GET', '/api/sync/chunks/abc', undefined],
          ['GET', '/api/sync/events', undefined],
        ] as const) {
          const res = await kit.call(method, url, { token, headers, ...(body && { body }) });
          expect(res.status, `${method} ${url}`).toBe(426);
          expect(res.json).toMatchObject({
            error: { code },
            userMessage: syncMessages.incompatible,
            serverProtocol: SYNC_PROTOCOL_VERSION,
          });
        }
      }
      expect(syncMessages.incompatible).toBe('Parley was updated: reload the page to keep syncing.');
      const malformed = await kit.call('POST', '/api/sync', {
        token,
        body: { allData: {}, lastSyncAt: null },
        headers: { [SYNC_PROTOCOL_HEADER]: 'two' },
      });
      expect(malformed.status).toBe(400);
      expect(malformed.json).toMatchObject({ error: { code: 'bad_request:sync_protocol' } });
    });
  });
});
