import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { HOSTILE_REQUESTS } from '../packages/server/test/hostile-bodies';
import { percentile, REPO_ROOT, type BenchResult } from './lib';
import { seededRandom } from './lib/seeded-random';
import type { ReaderCounts } from './hostile-requests/share-readers';
import { benchChats, benchMessage } from './sync/chat-fixtures';
import { startSyncServer, type SyncServer } from './sync/server-process';
import { BenchClient, newAgent } from './sync/sync-client';

/**
 * How fast the real server refuses each hostile body of the hardening issue (huge lists, deep
 * nesting, long strings, wrong types), and its peak memory over all of them, on SQLite through
 * real HTTP. Before the bounds, 300,000 invalid chats blocked the server 20 s and 4,000,000 killed
 * it. Each body is sent three times; the slowest answer is reported. Then sync and health beside
 * anonymous readers of a large share (`shareReaders`). Prints numbers only.
 */
const ROUNDS = 3;

export default async function hostileRequests(): Promise<BenchResult[]> {
  return [...(await hostileBodies()), ...(await shareReaders())];
}

async function hostileBodies(): Promise<BenchResult[]> {
  const server = await startSyncServer({ LOG_LEVEL: 'silent' });
  try {
    const signup = await fetch(`${server.url}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'bench@example.com', password: 'correct horse battery' }),
    });
    const { token } = (await signup.json()) as { token: string };
    const results: BenchResult[] = [];
    const startRss = server.peakRssMb();
    for (const hostile of HOSTILE_REQUESTS) {
      const body = hostile.body();
      let slowest = 0;
      let status = 0;
      for (let round = 0; round < ROUNDS; round += 1) {
        const started = performance.now();
        const res = await fetch(`${server.url}${hostile.path}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, ...hostile.headers },
          body,
        });
        await res.arrayBuffer();
        status = res.status;
        slowest = Math.max(slowest, performance.now() - started);
      }
      results.push({
        measure: `refuse ${hostile.name}`,
        value: Math.round(slowest),
        unit: 'ms',
        target: 1000,
        note: `${(body.length / 1e6).toFixed(1)} MB body -> ${status} (expected ${hostile.status})`,
      });
    }
    results.push({
      measure: 'server peak RSS over all hostile bodies',
      value: Math.round(server.peakRssMb()),
      unit: 'MB',
      target: 500,
      note: `${Math.round(startRss)} MB after start and signup`,
    });
    return results;
  } finally {
    await server.stop();
  }
}

/**
 * Anonymous readers of one large share beside syncing accounts (issue: share links). Before the
 * fix, 20 readers of a 4 MB share pushed the health check to p50 533 ms, and 50 syncing accounts
 * with readers saw sync p99 14 s and timed-out syncs. Here: SYNCING_ACCOUNTS accounts sync one
 * changed chat every second and /api/health is polled, first alone, then beside READERS readers
 * (each from its own loopback address, in a process of their own) of a SHARE_MB share.
 */
const SYNCING_ACCOUNTS = 50;
const READERS = 50;
const SHARE_MB = 4;
const PHASE_SECONDS = 10;
const SYNC_TIMEOUT_MS = 10_000;
const readersScript = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'hostile-requests/share-readers.ts',
);

type Phase = { sync: number[]; health: number[]; syncTimedOut: number; syncFailed: number };

async function shareReaders(): Promise<BenchResult[]> {
  const server = await startSyncServer({
    LOG_LEVEL: 'silent',
    AUTH_ATTEMPTS_PER_MINUTE: '1000',
    USER_LIMIT_USAGE_BYTES: String(1024 ** 3),
  });
  const agent = newAgent();
  try {
    const owner = await BenchClient.signup(server.url, 'share-owner@example.com', agent);
    const share = await owner.post<{ share: { id: string } }>('/api/shares', largeShare());
    const shareUrl = `${server.url}/api/public/shares/${share.share.id}`;
    const accounts = await Promise.all(
      Array.from({ length: SYNCING_ACCOUNTS }, (_, n) =>
        BenchClient.signup(server.url, `share-sync-${n}@example.com`, agent),
      ),
    );
    const seedChats = benchChats(20, 7);
    await Promise.all(accounts.map((account) => account.sync({ chats: seedChats })));

    const alone = await loadPhase(server, accounts, seedChats, 0);
    const readers = readShare(shareUrl);
    await readers.started;
    const beside = await loadPhase(server, accounts, seedChats, 1);
    const counts = await readers.done;
    const status = (code: number) => counts.byStatus[code] ?? 0;
    const total = Object.values(counts.byStatus).reduce((sum, n) => sum + n, 0);
    const label = (phase: string) => `share readers: ${phase}`;
    const rows = (name: string, phase: Phase): BenchResult[] => [
      { measure: label(`sync p50, ${name}`), value: percentile(phase.sync, 50), unit: 'ms' },
      {
        measure: label(`sync p99, ${name}`),
        value: percentile(phase.sync, 99),
        unit: 'ms',
        note: `${phase.sync.length} syncs of ${SYNCING_ACCOUNTS} accounts, ${phase.syncTimedOut} timed out (${SYNC_TIMEOUT_MS / 1000} s), ${phase.syncFailed} failed`,
      },
      { measure: label(`health p50, ${name}`), value: percentile(phase.health, 50), unit: 'ms' },
      { measure: label(`health p99, ${name}`), value: percentile(phase.health, 99), unit: 'ms' },
    ];
    return [
      ...rows('no readers', alone),
      ...rows(`${READERS} readers`, beside),
      {
        measure: label('reader requests answered 304'),
        value: status(304),
        unit: 'requests',
        note: `${total} reader requests: ${status(200)} x 200, ${status(503)} x 503 (all readers' byte budget), ${total - status(200) - status(304) - status(429) - status(503)} other, ${counts.failed} failed, ${counts.timedOut} timed out; ${counts.megabytes.toFixed(0)} MB sent to readers`,
      },
      { measure: label('reader requests answered 429'), value: status(429), unit: 'requests' },
    ];
  } finally {
    agent.destroy();
    await server.stop();
  }
}

/** A shared chat of about SHARE_MB megabytes of JSON. */
function largeShare() {
  const random = seededRandom(11);
  const messages = Array.from({ length: SHARE_MB * 4 }, (_, index) => ({
    role: index % 2 === 0 ? 'user' : 'assistant',
    content: Array.from({ length: 400 }, () => benchMessage(0, 1, 0, random).content)
      .join('\n\n')
      .slice(0, 250_000),
    model: 'gpt-5.1',
    createdAt: '2026-11-25T10:00:00.000Z',
  }));
  return {
    chatId: 'ch-large',
    title: 'A long research chat',
    model: 'gpt-5.1',
    createdAt: '2026-11-25T10:00:00.000Z',
    messages,
  };
}

/** Starts the readers' process for one phase: when they began, and their counts at the end. */
function readShare(url: string): { started: Promise<void>; done: Promise<ReaderCounts> } {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', readersScript, url, String(READERS), String(PHASE_SECONDS)],
    { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let began = () => {};
  const started = new Promise<void>((resolve) => {
    began = resolve;
  });
  const done = new Promise<ReaderCounts>((resolve, reject) => {
    let counts: ReaderCounts | undefined;
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line === 'started') began();
      if (line.startsWith('{')) counts = JSON.parse(line) as ReaderCounts;
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      began();
      if (counts) resolve(counts);
      else reject(new Error(`share readers exited with ${String(code)}`));
    });
  });
  return { started, done };
}

/**
 * PHASE_SECONDS of every account syncing one changed chat a second (as the client debounces),
 * while /api/health is asked every 50 ms. Round trips in ms.
 */
async function loadPhase(
  server: SyncServer,
  accounts: BenchClient[],
  seedChats: ReturnType<typeof benchChats>,
  round: number,
): Promise<Phase> {
  const phase: Phase = { sync: [], health: [], syncTimedOut: 0, syncFailed: 0 };
  const deadline = performance.now() + PHASE_SECONDS * 1000;
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const health = (async () => {
    while (performance.now() < deadline) {
      const asked = performance.now();
      try {
        await (
          await fetch(`${server.url}/api/health`, { signal: AbortSignal.timeout(SYNC_TIMEOUT_MS) })
        ).arrayBuffer();
        phase.health.push(performance.now() - asked);
      } catch {
        phase.health.push(SYNC_TIMEOUT_MS);
      }
      await pause(50);
    }
  })();
  await Promise.all(
    accounts.map(async (account, n) => {
      const random = seededRandom(1000 * round + n);
      const own = structuredClone(seedChats);
      await pause(random() * 1000);
      let count = 0;
      while (performance.now() < deadline) {
        count += 1;
        const chat = own[Math.floor(random() * own.length)]!;
        const at = Date.now();
        chat.messages.push({
          ...benchMessage(n, chat.messages.length, at, random),
          id: `m-${round}-${n}-${count}`,
        });
        chat.updatedAt = new Date(at).toISOString();
        const sent = performance.now();
        let timer: NodeJS.Timeout | undefined;
        const timeout = new Promise<'timeout'>((resolve) => {
          timer = setTimeout(() => resolve('timeout'), SYNC_TIMEOUT_MS);
        });
        try {
          const answer = await Promise.race([account.sync({ chats: [chat] }), timeout]);
          if (answer === 'timeout') phase.syncTimedOut += 1;
          else phase.sync.push(performance.now() - sent);
        } catch {
          phase.syncFailed += 1;
        } finally {
          clearTimeout(timer);
        }
        await pause(Math.max(0, 1000 - (performance.now() - sent)));
      }
    }),
  );
  await health;
  return phase;
}
