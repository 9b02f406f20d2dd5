import { HOSTILE_REQUESTS } from '../packages/server/test/hostile-bodies';
import type { BenchResult } from './lib';
import { startSyncServer } from './sync/server-process';

/**
 * How fast the real server refuses each hostile body of the hardening issue (huge lists, deep
 * nesting, long strings, wrong types), and its peak memory over all of them, on SQLite through
 * real HTTP. Before the bounds, 300,000 invalid chats blocked the server 20 s and 4,000,000 killed
 * it. Each body is sent three times; the slowest answer is reported. Prints numbers only.
 */
const ROUNDS = 3;

export default async function hostileRequests(): Promise<BenchResult[]> {
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
