import http from 'node:http';

/**
 * Anonymous readers of one share link, in a process of their own so their downloads do not slow
 * the benchmark's own timing of sync and health (bench/hostile-requests.ts starts it).
 *
 * `node --import tsx bench/hostile-requests/share-readers.ts <share url> <readers> <seconds>`
 *
 * Each reader reads in a closed loop from its own loopback address (127.0.1.<n>: one client
 * address each, as readers on the internet are), asking for gzip like a browser, and waits as long
 * as a 429's Retry-After says (before the fix there was none: they read without a pause). Odd readers
 * come back with the ETag they were given (a reload), even ones never do (a new visitor). Prints
 * `started`, then one JSON line: how many answers of each status, failures, and the megabytes received.
 */
const REQUEST_TIMEOUT_MS = 10_000;

export type ReaderCounts = {
  byStatus: Record<string, number>;
  failed: number;
  timedOut: number;
  megabytes: number;
};

function read(
  agent: http.Agent,
  url: string,
  localAddress: string,
  etag: string | undefined,
): Promise<{ status: number; etag: string | undefined; bytes: number; retryAfterSeconds?: number }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { accept: 'application/json', 'accept-encoding': 'gzip, br' };
    if (etag) headers['if-none-match'] = etag;
    const req = http.get(url, { agent, localAddress, headers, timeout: REQUEST_TIMEOUT_MS }, (res) => {
      let bytes = 0;
      res.on('data', (part: Buffer) => {
        bytes += part.length;
      });
      res.on('end', () => {
        const tag = res.headers.etag;
        const retryAfter = res.headers['retry-after'];
        resolve({
          status: res.statusCode ?? 0,
          etag: typeof tag === 'string' ? tag : undefined,
          bytes,
          ...(retryAfter !== undefined && { retryAfterSeconds: Number(retryAfter) }),
        });
      });
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
  });
}

async function main() {
  const [url, readerArg, secondsArg] = process.argv.slice(2);
  if (!url) throw new Error('usage: share-readers.ts <share url> <readers> <seconds>');
  const readers = Number(readerArg ?? 50);
  const deadline = performance.now() + Number(secondsArg ?? 10) * 1000;
  const counts: ReaderCounts = { byStatus: {}, failed: 0, timedOut: 0, megabytes: 0 };
  process.stdout.write('started\n');
  await Promise.all(
    Array.from({ length: readers }, async (_, n) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1, timeout: 4000 });
      const localAddress = `127.0.1.${n + 1}`;
      let etag: string | undefined;
      while (performance.now() < deadline) {
        try {
          const answer = await read(agent, url, localAddress, n % 2 === 1 ? etag : undefined);
          counts.byStatus[answer.status] = (counts.byStatus[answer.status] ?? 0) + 1;
          counts.megabytes += answer.bytes / 1e6;
          etag = answer.etag ?? etag;
          // Refused: ask again when the server says (at most until the phase ends).
          if (answer.retryAfterSeconds !== undefined) {
            const wait = Math.min(answer.retryAfterSeconds * 1000, deadline - performance.now());
            await new Promise((resolve) => setTimeout(resolve, Math.max(0, wait)));
          }
        } catch (error) {
          if (String(error).includes('timeout')) counts.timedOut += 1;
          else counts.failed += 1;
        }
      }
      agent.destroy();
    }),
  );
  process.stdout.write(`${JSON.stringify(counts)}\n`);
}

await main();
