import { randomBytes } from 'node:crypto';
import { chunkBySerializedLength } from '@parley/core/sync';
import pg from 'pg';
import { percentile, type BenchResult } from './lib';
import { seededRandom } from './lib/seeded-random';
import { benchChats, benchMessage, type BenchChat } from './sync/chat-fixtures';
import { LIVE_LISTENERS, liveListeners } from './sync/live-listeners';
import { startSyncServer, type SyncServer } from './sync/server-process';
import { BenchClient, bodyBytes, newAgent } from './sync/sync-client';

/**
 * Server-side sync numbers through real HTTP on 127.0.0.1: the real server process, SQLite (and
 * PostgreSQL when TEST_DATABASE_URL is set). Server times come from the server's own request log.
 * Every loop is bounded in count and time. Prints numbers; never a pass/fail test.
 */
const CHAT_COUNT = Number(process.env.SYNC_BENCH_CHATS ?? 10_000);
const MAX_PAYLOAD = 3_000_000;
const ONE_CHANGE_SYNCS = 300;
const DEVICES = 100;
const USERS_FOR_DEVICES = 20;
const LOAD_SECONDS = 10;
const LOAD_MAX_REQUESTS = 200_000;
/**
 * SYNC_BENCH_ONLY picks runs, comma-separated: `live` (change notifications, SY17, SC34), `upload`
 * (the first sync of CHAT_COUNT chats and the one-changed-chat run on them), `paced`, `closed` (the
 * device loads). Unset: all of them.
 */
const ONLY = new Set((process.env.SYNC_BENCH_ONLY ?? 'live,upload,paced,closed').split(','));

async function firstSync(
  server: SyncServer,
  label: string,
): Promise<{ results: BenchResult[]; client: BenchClient; chats: BenchChat[] }> {
  const chats = benchChats(CHAT_COUNT);
  const megabytes = JSON.stringify(chats).length / 1e6;
  // Its own sockets, opened after the seconds spent building the chats: a kept-alive socket of an
  // earlier run, idle through that stall, may be closed by the server as a request goes out on it.
  const client = await BenchClient.signup(server.url, 'first-sync@example.com', newAgent());
  const cpuAtStart = server.cpuMs();
  const started = performance.now();
  let syncBufferID: string | undefined;
  for (const chunk of chunkBySerializedLength(chats, MAX_PAYLOAD)) {
    const answer = await client.post<{ syncBufferID: string }>('/api/sync-buffer', {
      chats: chunk,
      bufferID: syncBufferID,
    });
    syncBufferID = answer.syncBufferID;
  }
  const uploaded = performance.now();
  const cpuUploaded = server.cpuMs();
  await client.sync({}, { syncBufferID });
  const done = performance.now();
  const cpuDone = server.cpuMs();
  return {
    client,
    chats,
    results: [
      {
        measure: `${label}: first sync of ${CHAT_COUNT} chats (${megabytes.toFixed(0)} MB) via buffer, total`,
        value: (done - started) / 1000,
        unit: 's',
        note: `upload ${((uploaded - started) / 1000).toFixed(1)} s in ${Math.ceil((megabytes * 1e6) / MAX_PAYLOAD)}+ chunks, consuming sync ${((done - uploaded) / 1000).toFixed(1)} s; server CPU ${((cpuUploaded - cpuAtStart) / 1000).toFixed(1)} s + ${((cpuDone - cpuUploaded) / 1000).toFixed(1)} s`,
      },
      { measure: `${label}: server peak RSS after first sync`, value: server.peakRssMb(), unit: 'MB' },
    ],
  };
}

async function oneChangedChat(
  server: SyncServer,
  client: BenchClient,
  chats: BenchChat[],
  label: string,
): Promise<BenchResult[]> {
  const random = seededRandom(7);
  // The first sync's own line may still be on its way: it is not one of these syncs.
  await server.settleLog();
  server.clearLog();
  const cpuAtStart = server.cpuMs();
  const observed: number[] = [];
  for (let n = 0; n < ONE_CHANGE_SYNCS; n += 1) {
    const index = Math.floor(random() * chats.length);
    const chat = chats[index]!;
    const at = Date.parse('2026-06-01T00:00:00.000Z') + n * 1000;
    chat.messages.push(benchMessage(index, chat.messages.length, at, random));
    chat.updatedAt = new Date(at).toISOString();
    const started = performance.now();
    await client.sync({ chats: [chat] });
    observed.push(performance.now() - started);
  }
  await server.settleLog();
  const serverMs = server.serverMs('/api/sync');
  return [
    {
      measure: `${label}: one changed chat, ${CHAT_COUNT} on server, p50`,
      value: percentile(serverMs, 50),
      unit: 'ms',
    },
    {
      measure: `${label}: one changed chat, ${CHAT_COUNT} on server, p99`,
      value: percentile(serverMs, 99),
      unit: 'ms',
      target: 50,
      note: `${serverMs.length} syncs, server time from its request log; client round trip p99 ${percentile(observed, 99).toFixed(1)} ms; server CPU ${((server.cpuMs() - cpuAtStart) / ONE_CHANGE_SYNCS).toFixed(2)} ms a sync`,
    },
  ];
}

/**
 * DEVICES devices (USERS_FOR_DEVICES users, so several devices of one user contend) each append a
 * message to one of their chats and sync, keeping what comes back. With `thinkMs` each device
 * waits that long between syncs (the client debounces changes by 1 s); without, it syncs again at
 * once (closed loop: the server's throughput). Devices start spread over the first second.
 */
async function concurrentDevices(server: SyncServer, label: string, thinkMs: number): Promise<BenchResult[]> {
  const tag = `${label}-${thinkMs}`;
  const agent = newAgent();
  const users = await Promise.all(
    Array.from({ length: USERS_FOR_DEVICES }, (_, n) =>
      BenchClient.signup(server.url, `load-${tag}-${n}@example.com`, agent),
    ),
  );
  const seedChats = benchChats(20, 3);
  await Promise.all(users.map((user) => user.sync({ chats: seedChats })));
  const devices = Array.from(
    { length: DEVICES },
    (_, n) => new BenchClient(server.url, users[n % users.length]!.token, agent),
  );
  const latencies: number[] = [];
  // A device's first request also opens its connection: kept apart in the note, as it tails differently.
  const firstLatencies: number[] = [];
  let errors = 0;
  let requests = 0;
  const cpuAtStart = server.cpuMs();
  // The devices run in this process, the server in its own: their CPU is reported apart, so a
  // reader can tell whether the devices (and not the server) were the limit on a small machine.
  const clientCpuAtStart = process.cpuUsage();
  const bytesAtStart = { ...bodyBytes };
  const started = performance.now();
  const deadline = started + LOAD_SECONDS * 1000;
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  await Promise.all(
    devices.map(async (device, n) => {
      const random = seededRandom(100 + n);
      const own = structuredClone(seedChats);
      let first = true;
      await pause(random() * 1000);
      while (performance.now() < deadline && requests < LOAD_MAX_REQUESTS) {
        requests += 1;
        const chat = own[Math.floor(random() * own.length)]!;
        const at = Date.now();
        chat.messages.push({
          ...benchMessage(n, chat.messages.length, at, random),
          id: `msg-d${n}-${requests}`,
        });
        chat.updatedAt = new Date(at).toISOString();
        const sent = performance.now();
        try {
          const answer = await device.sync({ chats: [chat] });
          latencies.push(performance.now() - sent);
          if (first) firstLatencies.push(performance.now() - sent);
          first = false;
          // Like a real client, keep the merged chats the server sent back.
          for (const merged of answer.updatedChats as BenchChat[]) {
            const index = own.findIndex((local) => local.id === merged.id);
            if (index >= 0) own[index] = merged;
          }
        } catch (error) {
          errors += 1;
          if (errors <= 3) console.error(`  sync bench: device ${n}: ${String(error)}`);
        }
        if (thinkMs > 0) await pause(thinkMs);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const cpuPerSync = (server.cpuMs() - cpuAtStart) / Math.max(1, latencies.length);
  const clientCpu = process.cpuUsage(clientCpuAtStart);
  const clientCpuPerSync = (clientCpu.user + clientCpu.system) / 1000 / Math.max(1, latencies.length);
  const kbPerSync = (bytes: number) => (bytes / 1024 / Math.max(1, requests)).toFixed(1);
  agent.destroy();
  const mode =
    thinkMs > 0 ? `${DEVICES} devices syncing every ${thinkMs} ms` : `${DEVICES} devices in a closed loop`;
  return [
    {
      measure: `${label}: ${mode}, throughput`,
      value: latencies.length / seconds,
      unit: 'syncs/s',
      note: `server CPU ${cpuPerSync.toFixed(2)} ms a sync (${((cpuPerSync * latencies.length) / seconds / 10).toFixed(0)} % of a core); the ${DEVICES} devices' own process ${clientCpuPerSync.toFixed(2)} ms a sync (${((clientCpuPerSync * latencies.length) / seconds / 10).toFixed(0)} %); bodies ${kbPerSync(bodyBytes.sent - bytesAtStart.sent)} KB sent, ${kbPerSync(bodyBytes.received - bytesAtStart.received)} KB answered a sync`,
    },
    { measure: `${label}: ${mode}, p50 round trip`, value: percentile(latencies, 50), unit: 'ms' },
    {
      measure: `${label}: ${mode}, p99 round trip`,
      value: percentile(latencies, 99),
      unit: 'ms',
      note: `first request of each device (opens its connection) p99 ${percentile(firstLatencies, 99).toFixed(0)} ms`,
    },
    {
      measure: `${label}: ${mode}, errors`,
      value: errors,
      unit: 'errors',
      target: 0,
      note: `${requests} requests in ${seconds.toFixed(1)} s, ${USERS_FOR_DEVICES} users`,
    },
  ];
}

async function runOn(label: string, env: Record<string, string>): Promise<BenchResult[]> {
  const server = await startSyncServer({
    USER_LIMIT_USAGE_BYTES: String(2 * 1024 ** 3),
    AUTH_ATTEMPTS_PER_MINUTE: '1000',
    SYNC_EVENTS_PER_ACCOUNT: String(LIVE_LISTENERS),
    ...env,
  });
  try {
    const results: BenchResult[] = [];
    if (ONLY.has('live')) results.push(...(await liveListeners(server, label)));
    if (ONLY.has('upload')) {
      const first = await firstSync(server, label);
      results.push(...first.results, ...(await oneChangedChat(server, first.client, first.chats, label)));
    }
    if (ONLY.has('paced')) results.push(...(await concurrentDevices(server, label, 1000)));
    if (ONLY.has('closed')) results.push(...(await concurrentDevices(server, label, 0)));
    return results;
  } finally {
    await server.stop();
  }
}

/** A fresh schema on the test PostgreSQL, dropped afterwards. */
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

export default async function syncBench(): Promise<BenchResult[]> {
  const results = await runOn('SQLite', {});
  const postgresUrl = process.env.TEST_DATABASE_URL;
  if (postgresUrl) {
    results.push(
      ...(await withPostgresSchema(postgresUrl, (url) => runOn('PostgreSQL', { DATABASE_URL: url }))),
    );
  } else {
    console.log('  sync bench: PostgreSQL skipped (TEST_DATABASE_URL not set)');
  }
  return results;
}
