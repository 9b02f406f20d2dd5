import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

export type WalCheckpointer = { stop(): Promise<void> };

/** How often the worker copies the WAL into the database file; also bounds how long a commit stays un-synced. */
export const WAL_CHECKPOINT_INTERVAL_MS = 1000;
/**
 * The request thread's own automatic checkpoint, kept only as a safety net should the worker fall
 * behind: 10,000 pages (40 MB of WAL) instead of SQLite's 1,000.
 */
export const FALLBACK_AUTOCHECKPOINT_PAGES = 10_000;

// Plain CommonJS run with `eval`: no build step or loader is needed for the worker.
const workerSource = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driverPath);
const db = new Database(workerData.file);
const checkpoint = () => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch (error) {
    parentPort.postMessage({ error: String(error) });
  }
};
const timer = setInterval(checkpoint, workerData.intervalMs);
parentPort.on('message', (message) => {
  if (message !== 'stop') return;
  clearInterval(timer);
  checkpoint();
  db.close();
  parentPort.close();
});
`;

/**
 * Checkpoints a WAL-mode SQLite file from a worker thread with its own connection. SQLite's
 * automatic checkpoint runs inside whichever commit pushes the WAL past 1,000 pages, and its
 * fsync stalled that request by 10-20 ms; here the copy and the fsync happen off the request
 * thread. PASSIVE never waits for, nor blocks, the writer or readers. With synchronous=NORMAL a
 * commit is on disk once a checkpoint synced the WAL, so the interval also bounds what a power cut
 * can take back: about a second of commits (never a corrupt database).
 */
export function startWalCheckpointer(
  file: string,
  options: { intervalMs?: number; onError?: (message: string) => void } = {},
): WalCheckpointer {
  const driverPath = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(workerSource, {
    eval: true,
    workerData: { file, driverPath, intervalMs: options.intervalMs ?? WAL_CHECKPOINT_INTERVAL_MS },
  });
  worker.unref(); // never keeps the process alive on its own
  worker.on('message', (message: { error?: string }) => {
    if (message.error) options.onError?.(message.error);
  });
  worker.on('error', (error) => options.onError?.(String(error)));
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  return {
    async stop() {
      worker.postMessage('stop');
      await exited;
    },
  };
}
