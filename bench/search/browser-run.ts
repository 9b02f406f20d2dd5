import { createReadStream, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { build } from 'vite';
import type { ChatSearchIndexStats } from '@parley/core/search';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../lib/chromium';
import { measureJsHeap } from '../lib/js-heap';
import type { JsHeapUse } from '../lib/js-heap';
import type { WordCount } from './vocabulary';

const harnessDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'browser');
/** Saves of a streamed answer into the 5,000-message chat, each followed until search finds it. */
const LONG_CHAT_SAVES = 10;

export interface BrowserSearchRun {
  readonly fill: { chats: number; textUnits: number; utf8Bytes: number; writeMs: number };
  readonly build: {
    buildMs: number;
    transport: string;
    /** Who read the chats: the worker from IndexedDB ('index-host') or the main thread. */
    reader: string;
    indexed: number;
    /** Chats taken from the persisted index, and chats read and indexed anew. */
    restored: number;
    reindexed: number;
    longestMainThreadTaskMs: number;
    mainThreadBlockedMs: number;
    stats: ChatSearchIndexStats;
  };
  readonly workerHeapBytes: number | null;
  /** JS heap after the first build (main thread and workers, after GC). */
  readonly heap: JsHeapUse;
  /** The same search started again over the same database: a reload, with the index persisted. */
  readonly warm: {
    build: BrowserSearchRun['build'];
    heap: JsHeapUse;
    queries: BrowserSearchRun['queries'];
  };
  readonly queries: { keystrokes: number; samples: number[]; hostSamples: number[] };
  readonly longChatSaves: { messages: number; latencies: number[]; longestTasks: number[] };
  readonly linear: { samples: number[] };
}

interface HarnessApi {
  fillStore(vocabulary: WordCount[], chats: number): Promise<BrowserSearchRun['fill']>;
  buildIndex(): Promise<BrowserSearchRun['build']>;
  restartIndex(): Promise<BrowserSearchRun['build']>;
  timeQueries(limit: number): Promise<BrowserSearchRun['queries']>;
  timeLongChatSaves(saves: number): Promise<BrowserSearchRun['longChatSaves']>;
  timeLinearScan(): BrowserSearchRun['linear'];
}

const MIME: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.map': 'application/json',
};

/** Bundles the harness with the real web code (Vite bundles the search worker like the app build does). */
async function bundleHarness(outDir: string): Promise<void> {
  await build({
    configFile: false,
    root: harnessDir,
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, target: 'es2022', minify: true },
  });
}

function serve(dir: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((request, response) => {
    const file = path.join(
      dir,
      path.normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname)),
    );
    if (!file.startsWith(dir) || !existsSync(file) || !statSync(file).isFile()) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': MIME[path.extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(response);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}

/**
 * The search benchmark in Chromium: fills the real IndexedDB store with the corpus, starts search
 * as the app does (the worker reads IndexedDB and indexes), times keystrokes, then saves a
 * streamed answer into a 5,000-message chat and times how soon search follows each save.
 */
export async function runInChromium(vocabulary: WordCount[], chats: number): Promise<BrowserSearchRun> {
  const outDir = mkdtempSync(path.join(tmpdir(), 'parley-search-bench-'));
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, '--enable-precise-memory-info', '--js-flags=--expose-gc'],
  });
  let server: { url: string; close: () => Promise<void> } | undefined;
  try {
    await bundleHarness(outDir);
    server = await serve(outDir);
    const page = await browser.newPage();
    page.setDefaultTimeout(600_000);
    await page.goto(`${server.url}/index.html`);
    await page.waitForFunction(() => document.title === 'ready');
    const api = 'searchBench';
    const fill = await page.evaluate(
      ([name, words, count]) =>
        (globalThis as unknown as Record<string, HarnessApi>)[name]!.fillStore(words, count),
      [api, vocabulary, chats] as const,
    );
    const built = await page.evaluate(
      (name) => (globalThis as unknown as Record<string, HarnessApi>)[name]!.buildIndex(),
      api,
    );
    const worker = page.workers()[0];
    const workerHeapBytes = worker
      ? await worker.evaluate(() => {
          (globalThis as { gc?: () => void }).gc?.();
          return (
            (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? null
          );
        })
      : null;
    const heap = await measureJsHeap(page);
    const queries = await page.evaluate(
      (name) => (globalThis as unknown as Record<string, HarnessApi>)[name]!.timeQueries(50),
      api,
    );
    const longChatSaves = await page.evaluate(
      ([name, saves]) =>
        (globalThis as unknown as Record<string, HarnessApi>)[name]!.timeLongChatSaves(saves),
      [api, LONG_CHAT_SAVES] as const,
    );
    const linear = await page.evaluate(
      (name) => (globalThis as unknown as Record<string, HarnessApi>)[name]!.timeLinearScan(),
      api,
    );
    const warmBuild = await page.evaluate(
      (name) => (globalThis as unknown as Record<string, HarnessApi>)[name]!.restartIndex(),
      api,
    );
    const warmHeap = await measureJsHeap(page);
    const warmQueries = await page.evaluate(
      (name) => (globalThis as unknown as Record<string, HarnessApi>)[name]!.timeQueries(50),
      api,
    );
    const warm = { build: warmBuild, heap: warmHeap, queries: warmQueries };
    return { fill, build: built, workerHeapBytes, heap, warm, queries, longChatSaves, linear };
  } finally {
    await browser.close();
    await server?.close();
    rmSync(outDir, { recursive: true, force: true });
  }
}
