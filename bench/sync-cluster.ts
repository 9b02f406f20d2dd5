import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { LIVE_PULL_DELAY_MS, LIVE_PULL_JITTER_MS } from '@parley/core/sync-client';
import { ServerSentEventReader, SYNC_PROTOCOL_HEADER, SYNC_PROTOCOL_VERSION } from '@parley/core/sync';
import pg from 'pg';
import { percentile, type BenchResult } from './lib';
import { seededRandom } from './lib/seeded-random';
import { benchChats, benchMessage, type BenchChat } from './sync/chat-fixtures';
import { startSyncServer, type SyncServer } from './sync/server-process';
import { BenchClient, newAgent } from './sync/sync-client';

/**
 * Scale out (issue #37, src/cluster/SPEC.md): DEVICES simulated devices syncing through two server
 * processes on one PostgreSQL, and the same through one process, side by side; then issue #33's
 * figure across the two processes: LISTENERS open change streams of one account spread over both,
 * one change written through the first, the time until every device heard and pulled. Real HTTP on
 * 127.0.0.1; every loop is bounded in count and time. Needs TEST_DATABASE_URL (run it through
 * `bash scripts/with-postgres.sh npm run bench -- sync-cluster`). Prints numbers; never pass/fail.
 */
const DEVICES = Number(process.env.CLUSTER_BENCH_DEVICES ?? 1000);
const DEVICES_PER_USER = 4;
/** Each device syncs a change this often (with jitter): the web client batches edits for a second. */
const INTERVAL_MS = Number(process.env.CLUSTER_BENCH_INTERVAL_MS ?? 2000);
const LOAD_SECONDS = Number(process.env.CLUSTER_BENCH_SECONDS ?? 10);
const LOAD_MAX_REQUESTS = 100_000;
const LISTENERS = Number(process.env.CLUSTER_BENCH_LISTENERS ?? 1000);

const serverEnv = {
  USER_LIMIT_USAGE_BYTES: String(2 * 1024 ** 3),
  AUTH_ATTEMPTS_PER_MINUTE: '100000',
  SYNC_EVENTS_PER_ACCOUNT: String(LISTENERS),
  BACKUP_INTERVAL_HOURS: '0',
  LOG_LEVEL: 'silent',
};

function rssMb(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : Number.NaN;
}

/**
 * Every device syncs one appended message every INTERVAL_MS (jittered) for LOAD_SECONDS; request k
 * of device n goes to process (n + k) mod N, as a round-robin load balancer without sticky
 * sessions would send it.
 */
async function devicesThrough(servers: SyncServer[], label: string): Promise<BenchResult[]> {
  const agent = newAgent();
  const users = Math.ceil(DEVICES / DEVICES_PER_USER);
  const tag = randomBytes(3).toString('hex');
  const signups: BenchClient[] = [];
  for (let start = 0; start < users; start += 50) {
    const batch = Array.from({ length: Math.min(50, users - start) }, (_, i) =>
      BenchClient.signup(
        servers[(start + i) % servers.length]!.url,
        `cl-${tag}-${start + i}@example.com`,
        agent,
      ),
    );
    signups.push(...(await Promise.all(batch)));
  }
  const seedChats = benchChats(5, 3);
  await Promise.all(signups.map((user) => user.sync({ chats: seedChats })));
  const devices = Array.from({ length: DEVICES }, (_, n) => ({
    n,
    token: signups[n % users]!.token,
    clients: servers.map((server) => new BenchClient(server.url, signups[n % users]!.token, agent)),
    own: structuredClone(seedChats),
    lastSyncAt: null as string | null,
  }));
  const latencies: number[] = [];
  let errors = 0;
  let requests = 0;
  const cpuAtStart = servers.map((server) => server.cpuMs());
  const started = performance.now();
  const deadline = started + LOAD_SECONDS * 1000;
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  await Promise.all(
    devices.map(async (device) => {
      const random = seededRandom(500 + device.n);
      await pause(random() * INTERVAL_MS);
      for (let k = 0; performance.now() < deadline && requests < LOAD_MAX_REQUESTS; k++) {
        requests += 1;
        const client = device.clients[(device.n + k) % servers.length]!;
        client.lastSyncAt = device.lastSyncAt;
        const chat = device.own[Math.floor(random() * device.own.length)]!;
        const at = Date.now();
        chat.messages.push({
          ...benchMessage(device.n, chat.messages.length, at, random),
          id: `m-${device.n}-${k}`,
        });
        chat.updatedAt = new Date(at).toISOString();
        const sent = performance.now();
        try {
          const answer = await client.sync({ chats: [chat] });
          latencies.push(performance.now() - sent);
          device.lastSyncAt = answer.lastSyncAt;
          for (const merged of answer.updatedChats as BenchChat[]) {
            const index = device.own.findIndex((local) => local.id === merged.id);
            if (index >= 0) device.own[index] = merged;
          }
        } catch (error) {
          errors += 1;
          if (errors <= 3) console.error(`  cluster bench: device ${device.n}: ${String(error)}`);
        }
        await pause(INTERVAL_MS * (0.75 + random() * 0.5));
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const cpu = servers.map((server, i) => (server.cpuMs() - cpuAtStart[i]!) / 1000);
  agent.destroy();
  const mode = `${DEVICES} devices (${users} accounts) syncing every ~${INTERVAL_MS} ms`;
  return [
    { measure: `${label}: ${mode}, throughput`, value: latencies.length / seconds, unit: 'syncs/s' },
    { measure: `${label}: ${mode}, p50 round trip`, value: percentile(latencies, 50), unit: 'ms' },
    { measure: `${label}: ${mode}, p99 round trip`, value: percentile(latencies, 99), unit: 'ms' },
    {
      measure: `${label}: ${mode}, errors`,
      value: errors,
      unit: 'errors',
      target: 0,
      note: `${requests} requests in ${seconds.toFixed(1)} s; server CPU ${cpu.map((s) => `${s.toFixed(1)} s`).join(' + ')}; peak RSS ${servers.map((server) => `${server.peakRssMb().toFixed(0)} MB`).join(' + ')}`,
    },
  ];
}

type Listener = { heard: Promise<number>; close: () => void };

function listen(url: string, token: string): Promise<Listener> {
  return new Promise((resolve, reject) => {
    let onChanged: (at: number) => void = () => {};
    const heard = new Promise<number>((done) => {
      onChanged = done;
    });
    const req = http.get(
      `${url}/api/sync/events`,
      {
        agent: false,
        headers: {
          authorization: `Bearer ${token}`,
          accept: 'text/event-stream',
          [SYNC_PROTOCOL_HEADER]: String(SYNC_PROTOCOL_VERSION),
        },
      },
      (res) => {
        if (res.statusCode !== 200) {
          reject(new Error(`events answered ${res.statusCode}`));
          res.resume();
          return;
        }
        const reader = new ServerSentEventReader();
        res.setEncoding('utf8');
        let opened = false;
        res.on('data', (text: string) => {
          const read = reader.push(text);
          if (!opened && read.comments > 0) {
            opened = true;
            resolve({ heard, close: () => req.destroy() });
          }
          if (read.events.some((event) => event.event === 'changed')) onChanged(performance.now());
        });
        res.on('error', () => {});
      },
    );
    req.on('error', (error) => {
      if (!(error as NodeJS.ErrnoException).code?.includes('ECONNRESET')) reject(error);
    });
  });
}

/** LISTENERS streams of one account, listener n on process n mod N; one change through process 0. */
async function listenersAcross(servers: SyncServer[], label: string): Promise<BenchResult[]> {
  const writer = await BenchClient.signup(
    servers[0]!.url,
    `cl-live-${randomBytes(3).toString('hex')}@example.com`,
  );
  await writer.sync({});
  const before = servers.map((server) => rssMb(server.pid));
  const listeners: Listener[] = [];
  for (let start = 0; start < LISTENERS; start += 100) {
    const batch = Array.from({ length: Math.min(100, LISTENERS - start) }, (_, i) =>
      listen(servers[(start + i) % servers.length]!.url, writer.token),
    );
    listeners.push(...(await Promise.all(batch)));
  }
  await new Promise((resolve) => setTimeout(resolve, 500));
  const after = servers.map((server) => rssMb(server.pid));
  const agent = newAgent();
  const random = seededRandom(23);
  const pullers = listeners.map((_, n) => {
    const device = new BenchClient(servers[n % servers.length]!.url, writer.token, agent);
    device.lastSyncAt = writer.lastSyncAt;
    return device;
  });
  const at = new Date().toISOString();
  await writer.sync({
    chats: [
      { id: 'live-1', chatID: 'live-1', chatTitle: 'Live', createdAt: at, updatedAt: at, messages: [] },
    ],
  });
  const written = performance.now();
  let errors = 0;
  const outcomes = await Promise.all(
    listeners.map(async (listener, n) => {
      const heardAt = await listener.heard;
      await new Promise((resolve) =>
        setTimeout(resolve, LIVE_PULL_DELAY_MS + Math.floor(random() * LIVE_PULL_JITTER_MS)),
      );
      try {
        const answer = await pullers[n]!.sync({});
        if (!answer.updatedChats.some((chat) => (chat as { id: string }).id === 'live-1')) errors += 1;
      } catch {
        errors += 1;
      }
      return {
        heard: heardAt - written,
        pulled: performance.now() - written,
        remote: n % servers.length !== 0,
      };
    }),
  );
  for (const listener of listeners) listener.close();
  agent.destroy();
  const heard = outcomes.map((outcome) => outcome.heard);
  const heardRemote = outcomes.filter((outcome) => outcome.remote).map((outcome) => outcome.heard);
  const heardLocal = outcomes.filter((outcome) => !outcome.remote).map((outcome) => outcome.heard);
  const pulled = outcomes.map((outcome) => outcome.pulled);
  const n = LISTENERS;
  return [
    {
      measure: `${label}: ${n} listeners, one change, heard p99`,
      value: percentile(heard, 99),
      unit: 'ms',
      note:
        heardRemote.length > 0
          ? `on the writer's process p50 ${percentile(heardLocal, 50).toFixed(0)} ms, max ${Math.max(...heardLocal).toFixed(0)} ms; on the other (relayed by NOTIFY) p50 ${percentile(heardRemote, 50).toFixed(0)} ms, max ${Math.max(...heardRemote).toFixed(0)} ms`
          : 'one process',
    },
    {
      measure: `${label}: ${n} listeners, one change, all pulled (max)`,
      value: Math.max(...pulled),
      unit: 'ms',
      target: 2000,
      note: `client waits ${LIVE_PULL_DELAY_MS}-${LIVE_PULL_DELAY_MS + LIVE_PULL_JITTER_MS} ms before pulling; ${errors} pull errors`,
    },
    {
      measure: `${label}: server RSS with ${n} listeners open`,
      value: after.reduce((sum, mb) => sum + mb, 0),
      unit: 'MB',
      note: `per process ${after.map((mb, i) => `${mb.toFixed(0)} MB (${before[i]!.toFixed(0)} before)`).join(', ')}`,
    },
  ];
}

async function withPostgresSchema<T>(baseUrl: string, run: (url: string) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  const schema = `bench_${randomBytes(6).toString('hex')}`;
  await admin.query(`create schema "${schema}"`);
  try {
    const url = new URL(baseUrl);
    url.searchParams.set('options', `-c search_path=${schema}`);
    return await run(url.toString());
  } finally {
    await admin.query(`drop schema "${schema}" cascade`);
    await admin.end();
  }
}

async function runWith(processes: number, databaseUrl: string): Promise<BenchResult[]> {
  const label = processes === 1 ? 'PostgreSQL, 1 process' : `PostgreSQL, ${processes} processes`;
  // Started one after the other: the first migrates the fresh schema.
  const servers: SyncServer[] = [];
  try {
    for (let i = 0; i < processes; i++)
      servers.push(await startSyncServer({ ...serverEnv, DATABASE_URL: databaseUrl }));
    const load = await devicesThrough(servers, label);
    const live = await listenersAcross(servers, label);
    return [...load, ...live];
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
  }
}

export default async function syncClusterBench(): Promise<BenchResult[]> {
  const postgresUrl = process.env.TEST_DATABASE_URL;
  if (!postgresUrl) {
    console.log(
      '  sync-cluster bench: skipped (needs TEST_DATABASE_URL: bash scripts/with-postgres.sh npm run bench -- sync-cluster)',
    );
    return [];
  }
  const results: BenchResult[] = [];
  for (const processes of [1, 2]) {
    results.push(...(await withPostgresSchema(postgresUrl, (url) => runWith(processes, url))));
  }
  return results;
}
