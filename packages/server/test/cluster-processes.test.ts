import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseChat, type Chat } from '@parley/core/entities';
import { FakeClock, SequentialIdGenerator } from '@parley/core/platform';
import { createMemoryStore } from '@parley/core/storage';
import { ServerSentEventReader, SyncChangedEventSchema } from '@parley/core/sync';
import { SyncEngine, type SyncTransport } from '@parley/core/sync-client';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type ServerProcess } from './server-process';

/**
 * Several server processes on one PostgreSQL (src/cluster/SPEC.md, issue #37): two real main.ts
 * processes on one throwaway database, a device on each, as a load balancer would spread them.
 */
const postgresUrl = process.env.TEST_DATABASE_URL;
const title = postgresUrl
  ? 'two server processes on one PostgreSQL'
  : 'two server processes on one PostgreSQL (SKIPPED: TEST_DATABASE_URL not set)';

const AUTH_ATTEMPTS = 6;
const PASSWORD = 'correct horse battery staple';

describe.skipIf(!postgresUrl)(title, () => {
  let admin: pg.Client;
  let schema = '';
  let dataDir = '';
  const servers: Record<'a' | 'b', ServerProcess> = {} as never;
  const appName = {
    a: `parley-a-${randomBytes(4).toString('hex')}`,
    b: `parley-b-${randomBytes(4).toString('hex')}`,
  };

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    schema = `test_${randomBytes(6).toString('hex')}`;
    await admin.query(`create schema "${schema}"`);
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'parley-cluster-'));
    const urlOf = (name: string) => {
      const url = new URL(postgresUrl!);
      url.searchParams.set('options', `-c search_path=${schema}`);
      url.searchParams.set('application_name', name);
      return url.toString();
    };
    const env = (name: string) => ({
      DATABASE_URL: urlOf(name),
      DATA_DIR: dataDir,
      AUTH_ATTEMPTS_PER_MINUTE: String(AUTH_ATTEMPTS),
      BACKUP_INTERVAL_HOURS: '0',
    });
    // Both start at once: the migrations run once, under the migrator's lock.
    [servers.a, servers.b] = await Promise.all([startServer(env(appName.a)), startServer(env(appName.b))]);
  }, 90_000);

  afterAll(async () => {
    await Promise.all(Object.values(servers).map((server) => server.stop()));
    await admin.query(`drop schema "${schema}" cascade`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }, 20_000);

  async function post(server: ServerProcess, url: string, body: unknown, token?: string) {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (token) headers.authorization = `Bearer ${token}`;
    const res = await fetch(`${server.url}${url}`, { method: 'POST', headers, body: JSON.stringify(body) });
    return { status: res.status, json: (await res.json()) as Record<string, unknown> };
  }

  async function signup(server: ServerProcess, email: string): Promise<string> {
    const res = await post(server, '/api/auth/signup', { email, password: PASSWORD });
    expect(res.status).toBe(200);
    return res.json.token as string;
  }

  /** One browser: core's sync engine over real HTTP to whichever process `target` names. */
  function device(token: string, name: string, target: { server: ServerProcess }) {
    const clock = new FakeClock('2026-03-01T09:00:00.000Z');
    const store = createMemoryStore({ clock, ids: new SequentialIdGenerator(name) });
    const transport: SyncTransport = {
      async send(request) {
        const headers: Record<string, string> = { authorization: `Bearer ${token}` };
        if (request.body !== undefined) headers['content-type'] = 'application/json';
        const res = await fetch(`${target.server.url}${request.path}`, {
          method: request.method,
          headers,
          body: request.body,
        });
        const text = await res.text();
        let body: unknown;
        try {
          body = JSON.parse(text);
        } catch {
          body = undefined;
        }
        return { status: res.status, body };
      },
    };
    const engine = new SyncEngine({
      store,
      transport,
      scheduler: { schedule: () => () => {} },
      availability: { isActive: () => true, syncsAttachments: () => false },
      report: () => {},
    });
    return { store, engine, target, later: () => clock.advance(1000) };
  }

  const chatIds = async (store: ReturnType<typeof createMemoryStore>) =>
    (await store.chats.list()).map((chat: Chat) => chat.id).sort();

  it('CL2 AU5 login attempts spread over both processes meet the limit together', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < AUTH_ATTEMPTS + 2; attempt++) {
      const server = attempt % 2 === 0 ? servers.a : servers.b;
      statuses.push(
        (await post(server, '/api/auth/login', { email: 'nobody@example.com', password: 'wrong password!' }))
          .status,
      );
    }
    // Each process alone has seen only half the attempts: the count is the database's.
    expect(statuses).toEqual([...Array<number>(AUTH_ATTEMPTS).fill(401), 429, 429]);
  });

  it('CL1 SY17 a change accepted by one process wakes a listener on the other', async () => {
    const token = await signup(servers.a, 'ada@example.com');
    const abort = new AbortController();
    const res = await fetch(`${servers.b.url}/api/sync/events`, {
      headers: { authorization: `Bearer ${token}` },
      signal: abort.signal,
    });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const sse = new ServerSentEventReader();
    const decoder = new TextDecoder();
    // The stream's first heartbeat: B holds the listener.
    await reader.read();
    const synced = await post(
      servers.a,
      '/api/sync',
      {
        allData: {
          chats: [
            {
              id: 'ch-1',
              chatID: 'ch-1',
              chatTitle: 'One',
              createdAt: '2026-03-01T09:00:00.000Z',
              updatedAt: '2026-03-01T09:00:00.000Z',
              messages: [],
            },
          ],
        },
        lastSyncAt: null,
      },
      token,
    );
    expect(synced.status).toBe(200);
    for (;;) {
      const { value, done } = await reader.read();
      expect(done).toBe(false);
      const [event] = sse.push(decoder.decode(value, { stream: true })).events;
      if (!event) continue; // a heartbeat
      expect(event.event).toBe('changed');
      expect(SyncChangedEventSchema.parse(JSON.parse(event.data)).at).toBe(synced.json.lastSyncAt);
      break;
    }
    abort.abort();
  }, 15_000);

  it('CL1 a process whose listening connection was cut wakes its streams once back, and hears changes again', async () => {
    const token = await signup(servers.a, 'dee@example.com');
    const abort = new AbortController();
    const res = await fetch(`${servers.b.url}/api/sync/events`, {
      headers: { authorization: `Bearer ${token}` },
      signal: abort.signal,
    });
    const reader = res.body!.getReader();
    const sse = new ServerSentEventReader();
    const decoder = new TextDecoder();
    const nextChange = async () => {
      for (;;) {
        const { value, done } = await reader.read();
        expect(done).toBe(false);
        const [event] = sse.push(decoder.decode(value, { stream: true })).events;
        if (event) return SyncChangedEventSchema.parse(JSON.parse(event.data)).at;
      }
    };
    await reader.read(); // the first heartbeat
    // The database drops B's listening connection (a restart, a network cut, a failover).
    const cut = await admin.query(
      `select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1 and query ilike 'listen%'`,
      [appName.b],
    );
    expect(cut.rowCount).toBe(1);
    // Changes sent meanwhile were lost: once listening again, B wakes its streams itself.
    expect(await nextChange()).toMatch(/^\d{4}-/);
    const synced = await post(servers.a, '/api/sync', { allData: {}, lastSyncAt: null }, token);
    const chat = {
      id: 'ch-2',
      chatID: 'ch-2',
      chatTitle: 'Two',
      createdAt: '2026-03-01T09:00:00.000Z',
      updatedAt: '2026-03-01T09:00:00.000Z',
      messages: [],
    };
    const changed = await post(
      servers.a,
      '/api/sync',
      { allData: { chats: [chat] }, lastSyncAt: synced.json.lastSyncAt },
      token,
    );
    expect(await nextChange()).toBe(changed.json.lastSyncAt);
    abort.abort();
  }, 15_000);

  it('CL1 devices syncing through different processes converge', async () => {
    const token = await signup(servers.b, 'bob@example.com');
    const laptop = device(token, 'laptop', { server: servers.a });
    const phone = device(token, 'phone', { server: servers.b });
    for (const id of ['ch-1', 'ch-2'])
      await laptop.store.chats.put(parseChat({ id, chatTitle: `Laptop ${id}` }));
    await phone.store.chats.put(parseChat({ id: 'ch-3', chatTitle: 'Phone' }));
    for (const each of [laptop, phone, laptop]) expect((await each.engine.syncNow()).failure).toBeNull();
    laptop.later();
    await laptop.store.chats.delete('ch-2');
    for (const each of [laptop, phone]) expect((await each.engine.syncNow()).failure).toBeNull();
    expect(await chatIds(phone.store)).toEqual(['ch-1', 'ch-3']);
    expect(await chatIds(laptop.store)).toEqual(await chatIds(phone.store));
  }, 15_000);

  it('CL7 a process killed mid-sync loses nothing acknowledged; the retry through the other one completes', async () => {
    const token = await signup(servers.a, 'cy@example.com');
    const target = { server: servers.a };
    const laptop = device(token, 'laptop', target);
    const phone = device(token, 'phone', { server: servers.b });
    await laptop.store.chats.put(parseChat({ id: 'acknowledged', chatTitle: 'Synced before the crash' }));
    expect((await laptop.engine.syncNow()).failure).toBeNull();

    // Enough chats that the sync takes a while; A is killed once its transaction is open.
    for (let i = 0; i < 1500; i++) {
      await laptop.store.chats.put(
        parseChat({
          id: `bulk-${String(i).padStart(4, '0')}`,
          chatTitle: `Bulk ${String(i)} ${'x'.repeat(400)}`,
        }),
      );
    }
    const cut = laptop.engine.syncNow();
    let settled = false;
    void cut.finally(() => (settled = true));
    let inTransaction = false;
    while (!inTransaction) {
      if (settled) throw new Error('the sync finished before its transaction was seen: nothing was cut');
      const { rows } = await admin.query<{ n: string }>(
        // Inside the sync's transaction: between its statements, or writing the records.
        `select count(*) as n from pg_stat_activity where application_name = $1
          and (state = 'idle in transaction' or query ilike '%"sync_records"%')`,
        [appName.a],
      );
      inTransaction = Number(rows[0]?.n) > 0;
      if (!inTransaction) await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await servers.a.kill();
    expect((await cut).failure).not.toBeNull();

    // The load balancer sends the retry to the process still running.
    target.server = servers.b;
    expect((await laptop.engine.syncNow()).failure).toBeNull();
    expect((await phone.engine.syncNow()).failure).toBeNull();
    const seen = await chatIds(phone.store);
    expect(seen).toHaveLength(1501);
    expect(seen).toContain('acknowledged');
    expect(seen).toEqual(await chatIds(laptop.store));
  }, 60_000);
});
