import http from 'node:http';
import { readFileSync } from 'node:fs';
import { LIVE_PULL_DELAY_MS, LIVE_PULL_JITTER_MS } from '@parley/core/sync-client';
import { ServerSentEventReader, SYNC_PROTOCOL_HEADER, SYNC_PROTOCOL_VERSION } from '@parley/core/sync';
import { percentile, type BenchResult } from '../lib';
import { seededRandom } from '../lib/seeded-random';
import type { SyncServer } from './server-process';
import { BenchClient, newAgent } from './sync-client';

/** Listeners of one account: the server runs with SYNC_EVENTS_PER_ACCOUNT at least this. */
export const LIVE_LISTENERS = Number(process.env.SYNC_BENCH_LISTENERS ?? 1000);

/** Resident memory of the server process now (VmRSS), in MB. */
function rssMb(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : Number.NaN;
}

type Listener = { heard: Promise<number>; close: () => void };

/** One device's stream over its own socket; `heard` resolves at the first `changed` event. */
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

/**
 * LIVE_LISTENERS open devices of one account, each with its own connection to
 * `/api/sync/events`; one device writes a chat; every device hears `changed` and pulls after the
 * client's own wait (300 ms plus a random part of 500 ms, SC34), as the web app does. Measures
 * the time from the write's answer until each device heard, and until each pull was answered, and
 * the server's memory before and after the streams were open.
 */
export async function liveListeners(server: SyncServer, label: string): Promise<BenchResult[]> {
  const writer = await BenchClient.signup(server.url, `live-${label}@example.com`);
  await writer.sync({});
  const before = rssMb(server.pid);
  const listeners: Listener[] = [];
  const connectStarted = performance.now();
  // Opened in batches, as devices would arrive, not all in one tick.
  for (let start = 0; start < LIVE_LISTENERS; start += 100) {
    const batch = Math.min(100, LIVE_LISTENERS - start);
    listeners.push(
      ...(await Promise.all(Array.from({ length: batch }, () => listen(server.url, writer.token)))),
    );
  }
  const connectSeconds = (performance.now() - connectStarted) / 1000;
  await new Promise((resolve) => setTimeout(resolve, 500));
  const after = rssMb(server.pid);

  const agent = newAgent();
  const random = seededRandom(11);
  const devices = listeners.map(() => {
    const device = new BenchClient(server.url, writer.token, agent);
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
      const wait = LIVE_PULL_DELAY_MS + Math.floor(random() * LIVE_PULL_JITTER_MS);
      await new Promise((resolve) => setTimeout(resolve, wait));
      try {
        const answer = await devices[n]!.sync({});
        if (!answer.updatedChats.some((chat) => (chat as { id: string }).id === 'live-1')) errors += 1;
      } catch {
        errors += 1;
      }
      return { heard: heardAt - written, pulled: performance.now() - written };
    }),
  );
  const peak = server.peakRssMb();
  for (const listener of listeners) listener.close();
  agent.destroy();
  const heard = outcomes.map((outcome) => outcome.heard);
  const pulled = outcomes.map((outcome) => outcome.pulled);
  const n = LIVE_LISTENERS;
  return [
    {
      measure: `${label}: ${n} listeners, one change, heard p50`,
      value: percentile(heard, 50),
      unit: 'ms',
    },
    { measure: `${label}: ${n} listeners, one change, heard p99`, value: percentile(heard, 99), unit: 'ms' },
    { measure: `${label}: ${n} listeners, one change, heard max`, value: Math.max(...heard), unit: 'ms' },
    {
      measure: `${label}: ${n} listeners, one change, pulled p50`,
      value: percentile(pulled, 50),
      unit: 'ms',
    },
    {
      measure: `${label}: ${n} listeners, one change, pulled p99`,
      value: percentile(pulled, 99),
      unit: 'ms',
    },
    {
      measure: `${label}: ${n} listeners, one change, all pulled (max)`,
      value: Math.max(...pulled),
      unit: 'ms',
      target: 2000,
      note: `client waits ${LIVE_PULL_DELAY_MS}-${LIVE_PULL_DELAY_MS + LIVE_PULL_JITTER_MS} ms before pulling; ${errors} pull errors`,
    },
    { measure: `${label}: server RSS before ${n} listeners`, value: before, unit: 'MB' },
    {
      measure: `${label}: server RSS with ${n} listeners open`,
      value: after,
      unit: 'MB',
      note: `${(((after - before) * 1024) / n).toFixed(1)} KB a listener; opened in ${connectSeconds.toFixed(1)} s; peak after the pulls ${peak.toFixed(0)} MB`,
    },
  ];
}
