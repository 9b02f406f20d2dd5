import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { withProfile } from '../lib/chromium';
import { describeWindows, functionsBetween, sourceMappedNames } from '../lib/cpu-profile';
import type { CpuProfile } from '../lib/cpu-profile';
import { ensureWebBuild, startBuiltServer, WEB_DIST } from '../lib/server';
import { bundleStorageBenchScript, openStorageBenchPage } from '../lib/storage-bench-bundle';
import { followSearchWorker, waitForSettledApp } from '../lib/storage-bench-app';

/** Words of the storage bench's chats, typed one character at a time into the command palette. */
const QUERIES = [
  'carefully',
  'interface',
  'therefore',
  'browser',
  'assistant',
  'response',
  'quickly',
  'storage',
];
const SEED = 7;

/** Where one keystroke's time went, each from its keydown (ms). */
export type KeystrokeStages = {
  /** The query posted to the search worker. */
  sent: number;
  /** The worker's answer to it received on the main thread. */
  answered: number;
  /** Of which the worker's own time on the query (its `tookMs`, text reads included). */
  worker: number;
  /** The worker posted its answer (on the page's clock, from the worker's `timeOrigin + now`). */
  workerPosted: number;
  /** Its results in the DOM. */
  inDom: number;
  /** The frame showing them produced: the sample itself. */
  painted: number;
  /** The keystroke's own frame (its first requestAnimationFrame after the keydown). */
  firstFrame: number;
  /** Which frame after the keydown showed the results: 1 is the keystroke's own, 2 the next. */
  frame: number;
};

export type AppKeystrokeRun = {
  /** Keydown to the frame that shows that query's results, per keystroke: the first session. */
  samples: KeystrokeStages[];
  /** The same after a reload, the index restored from its database. */
  reloadedSamples: KeystrokeStages[];
  /** Reload to the index caught up, and the chats it read anew then. */
  reloadMs: number;
  reindexedAfterReload: number;
  indexBuilt: boolean;
};

export type AppKeystrokes = { runs: AppKeystrokeRun[]; chats: number };

/** Lets the first session's worker finish writing its index before the reload. */
const WRITE_PAUSE_MS = 10_000;
/** SEARCH_BENCH_PROFILE=1: a CPU profile of the page while the first browser types its first session. */
const PROFILE = process.env.SEARCH_BENCH_PROFILE === '1';
/**
 * SEARCH_BENCH_TRACE=1: a Chromium trace of the same, summed by kind of main-thread work (script,
 * style, layout, paint...) per keystroke: what a keystroke's frames spend their time on.
 */
const TRACE = process.env.SEARCH_BENCH_TRACE === '1';

/**
 * Keystroke to results painted in the real app: the built app served by the real server, chats
 * seeded into its IndexedDB by the app's own storage code, search started as the app starts it (the
 * worker reads IndexedDB), then queries typed into Ctrl+K. Each keystroke is timed in the page from
 * its keydown to the first frame after the results of that exact query are in the DOM (the top
 * result's highlighted match is the typed text), so a stale answer never counts.
 * `runs` fresh browsers, each on its own copy of the once-seeded profile: a first session (the index
 * built), then a reload (the index restored from its database).
 */
export async function keystrokesInApp(chats: number, runs: number): Promise<AppKeystrokes> {
  await ensureWebBuild();
  const script = await bundleStorageBenchScript();
  const server = await startBuiltServer();
  const seeded = mkdtempSync(path.join(tmpdir(), 'parley-search-app-'));
  try {
    await withProfile(seeded, async (context) => {
      const page = await context.newPage();
      page.setDefaultTimeout(600_000);
      await openStorageBenchPage(page, server.url, script);
      await page.evaluate(
        ([count, seed]) =>
          (window.__storageBench as unknown as { seed: (c: number, s: number) => Promise<unknown> }).seed(
            count,
            seed,
          ),
        [chats, SEED] as const,
      );
    });
    const results: AppKeystrokeRun[] = [];
    for (let run = 0; run < runs; run++) {
      const profile = mkdtempSync(path.join(tmpdir(), 'parley-search-app-run-'));
      try {
        cpSync(seeded, profile, { recursive: true });
        results.push(
          await withProfile(profile, (context) =>
            typeInFreshBrowser(context, server.url, (PROFILE || TRACE) && run === 0),
          ),
        );
      } finally {
        rmSync(profile, { recursive: true, force: true });
      }
      const last = results.at(-1)!;
      console.log(
        `  app run ${run + 1}/${runs}: ${last.samples.length} + ${last.reloadedSamples.length} keystrokes${last.indexBuilt ? '' : ' (index NOT caught up before typing)'}`,
      );
    }
    return { runs: results, chats };
  } finally {
    rmSync(seeded, { recursive: true, force: true });
    await server.stop();
  }
}

async function typeInFreshBrowser(
  context: BrowserContext,
  url: string,
  profiled: boolean,
): Promise<AppKeystrokeRun> {
  const page = await context.newPage();
  await followSearchWorker(page);
  await followSearchQueries(page);
  await page.goto(url);
  const indexBuilt = await waitForSettledApp(page, 300_000);
  await stampWorkerAnswers(page);
  const samples: KeystrokeStages[] = [];
  const cdp = profiled && PROFILE ? await context.newCDPSession(page) : null;
  if (cdp) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    await cdp.send('Profiler.start');
  }
  const tracing = TRACE && profiled ? await startTrace(context, page) : null;
  for (const query of QUERIES) samples.push(...(await typeQuery(page, query)));
  if (tracing) console.log(await tracing.stop(samples.length));
  if (cdp) {
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile };
    const typing = functionsBetween(profile, 0, Number.POSITIVE_INFINITY, sourceMappedNames(WEB_DIST), 30);
    console.log(describeWindows(`  main thread while typing ${samples.length} keystrokes`, [typing]));
  }
  await page.waitForTimeout(WRITE_PAUSE_MS);
  const reloaded = Date.now();
  await page.reload();
  await waitForSettledApp(page, 300_000);
  await stampWorkerAnswers(page);
  const reloadMs = Date.now() - reloaded;
  const reindexedAfterReload = await page.evaluate(
    () => (window as unknown as { __benchSearch: { reindexed: number } }).__benchSearch.reindexed,
  );
  const reloadedSamples: KeystrokeStages[] = [];
  for (const query of QUERIES) reloadedSamples.push(...(await typeQuery(page, query)));
  return { samples, reloadedSamples, reloadMs, reindexedAfterReload, indexBuilt };
}

type TraceEvent = {
  name: string;
  ph: string;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string };
};

/** Traces the page's main thread; stop() sums its top-level work by event name, per keystroke. */
async function startTrace(
  context: BrowserContext,
  page: Page,
): Promise<{ stop(keystrokes: number): Promise<string> }> {
  const cdp = await context.newCDPSession(page);
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (data) => events.push(...(data.value as unknown as TraceEvent[])));
  await cdp.send('Tracing.start', {
    categories: 'devtools.timeline,disabled-by-default-devtools.timeline,v8.execute,toplevel',
    transferMode: 'ReportEvents',
  });
  return {
    async stop(keystrokes) {
      const done = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
      await cdp.send('Tracing.end');
      await done;
      // The page's main thread: of the renderers' main threads (the app's, a sandbox frame's), the busiest.
      const mains = new Set(
        events
          .filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
          .map((e) => `${e.pid}:${e.tid}`),
      );
      const byThread = new Map<string, Map<string, number>>();
      for (const e of events) {
        const thread = `${e.pid}:${e.tid}`;
        if (!mains.has(thread) || e.ph !== 'X' || !e.dur) continue;
        const totals = byThread.get(thread) ?? new Map<string, number>();
        byThread.set(thread, totals);
        totals.set(e.name, (totals.get(e.name) ?? 0) + e.dur / 1000);
      }
      const busy = (totals: Map<string, number>) => totals.get('RunTask') ?? 0;
      const totals = [...byThread.values()].sort((a, b) => busy(b) - busy(a))[0] ?? new Map<string, number>();
      const top = [...totals].sort((a, b) => b[1] - a[1]).slice(0, 16);
      return `  main thread while typing ${keystrokes} keystrokes (trace, ms per keystroke, nested events overlap): ${top
        .map(([name, ms]) => `${name} ${(ms / keystrokes).toFixed(2)}`)
        .join(', ')}`;
    },
  };
}

type SearchTrace = {
  sent: Record<string, number>;
  answered: Record<string, number>;
  worker: Record<string, number>;
  workerPosted: Record<string, number>;
};

/** Notes (from the next navigation on) when each query is posted to the search worker and answered. */
async function followSearchQueries(page: Page): Promise<void> {
  await page.addInitScript(() => {
    // tsx keeps function names with an `__name` helper that the page does not have.
    (globalThis as unknown as { __name?: (fn: unknown) => unknown }).__name ??= (fn) => fn;
    const trace: SearchTrace = { sent: {}, answered: {}, worker: {}, workerPosted: {} };
    (window as unknown as { __searchTrace: SearchTrace }).__searchTrace = trace;
    const post = Worker.prototype.postMessage;
    const traced = function (this: Worker, ...args: unknown[]) {
      const request = args[0] as { type?: string; query?: string };
      if (request?.type === 'query' && typeof request.query === 'string')
        trace.sent[request.query.toLowerCase()] ??= performance.now();
      // The app's listeners are added after construction; this one, added first, sees replies first.
      if (!(this as unknown as { __traced?: boolean }).__traced) {
        (this as unknown as { __traced?: boolean }).__traced = true;
        this.addEventListener('message', (event: MessageEvent) => {
          const reply = event.data as {
            type?: string;
            tookMs?: number;
            response?: { normalizedQuery?: string };
            __postedAt?: number;
          };
          const query = reply?.type === 'results' ? reply.response?.normalizedQuery : undefined;
          if (query === undefined || trace.answered[query] !== undefined) return;
          trace.answered[query] = performance.now();
          trace.worker[query] = reply.tookMs ?? Number.NaN;
          trace.workerPosted[query] = (reply.__postedAt ?? Number.NaN) - performance.timeOrigin;
        });
      }
      return (post as (...rest: unknown[]) => void).apply(this, args);
    };
    Worker.prototype.postMessage = traced as Worker['postMessage'];
  });
}

/**
 * In each worker of the page, stamps a query's answer with when it was posted (timeOrigin + now, a
 * clock the page shares), so the bench tells the worker's delay from the main thread's.
 */
async function stampWorkerAnswers(page: Page): Promise<void> {
  for (const worker of page.workers()) {
    await worker.evaluate(() => {
      (globalThis as unknown as { __name?: (fn: unknown) => unknown }).__name ??= (fn) => fn;
      const scope = globalThis as unknown as { postMessage: (...args: unknown[]) => void };
      const post = scope.postMessage.bind(scope);
      scope.postMessage = (...args: unknown[]) => {
        const message = args[0] as { type?: string; __postedAt?: number } | null;
        if (message?.type === 'results') message.__postedAt = performance.timeOrigin + performance.now();
        post(...args);
      };
    });
  }
}

type KeystrokeProbe = {
  typed: string;
  startedAt: number;
  done: KeystrokeStages[];
  /** Frames since the keydown, counted by a requestAnimationFrame loop until the results paint. */
  frames: number;
  firstFrame: number;
  counting: boolean;
};

/** Opens the palette, types `query` key by key, and returns each keystroke's time to painted results. */
async function typeQuery(page: Page, query: string): Promise<KeystrokeStages[]> {
  await page.keyboard.press('Control+k');
  const input = page.getByRole('dialog', { name: 'Command palette' }).getByRole('combobox');
  await input.waitFor();
  await page.evaluate(() => {
    // tsx keeps function names with an `__name` helper that the page does not have.
    (globalThis as unknown as { __name?: (fn: unknown) => unknown }).__name ??= (fn) => fn;
    const probe: KeystrokeProbe = {
      typed: '',
      startedAt: 0,
      done: [],
      frames: 0,
      firstFrame: Number.NaN,
      counting: false,
    };
    (window as unknown as { __keystrokes: KeystrokeProbe }).__keystrokes = probe;
    const trace = (window as unknown as { __searchTrace: SearchTrace }).__searchTrace;
    const dialog = document.querySelector('[role="dialog"]')!;
    const input = dialog.querySelector('input')!;
    let waiting = false;
    input.addEventListener(
      'keydown',
      (event) => {
        if (event.key.length !== 1) return;
        probe.typed = (input.value + event.key).toLowerCase();
        probe.startedAt = performance.now();
        // Each query is timed from its own keydown (a word typed again in another session too).
        delete trace.sent[probe.typed];
        delete trace.answered[probe.typed];
        delete trace.worker[probe.typed];
        delete trace.workerPosted[probe.typed];
        waiting = true;
        // Counts this keystroke's frames: registered before any callback of its answer, the
        // counter runs first in each frame, so the painted callback reads that frame's number.
        probe.frames = 0;
        probe.firstFrame = Number.NaN;
        probe.counting = true;
        const startedAt = probe.startedAt;
        const tick = () => {
          if (!probe.counting || probe.startedAt !== startedAt) return;
          probe.frames += 1;
          if (probe.frames === 1) probe.firstFrame = performance.now() - startedAt;
          requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      },
      { capture: true },
    );
    const check = () => {
      if (!waiting) return;
      const mark = dialog.querySelector('[role="option"] mark');
      if (mark?.textContent?.toLowerCase() !== probe.typed) return;
      waiting = false;
      const { typed, startedAt } = probe;
      const inDom = performance.now() - startedAt;
      // Painted: the frame that shows these results has been produced once a task after rAF runs.
      requestAnimationFrame(() => {
        const frame = probe.frames;
        const firstFrame = probe.firstFrame;
        probe.counting = false;
        const channel = new MessageChannel();
        channel.port1.onmessage = () =>
          probe.done.push({
            sent: (trace.sent[typed] ?? Number.NaN) - startedAt,
            answered: (trace.answered[typed] ?? Number.NaN) - startedAt,
            worker: trace.worker[typed] ?? Number.NaN,
            workerPosted: (trace.workerPosted[typed] ?? Number.NaN) - startedAt,
            inDom,
            painted: performance.now() - startedAt,
            firstFrame,
            frame,
          });
        channel.port2.postMessage(null);
      });
    };
    new MutationObserver(check).observe(dialog, { subtree: true, childList: true, characterData: true });
  });
  for (const [index, char] of [...query].entries()) {
    await page.keyboard.press(char);
    await page.waitForFunction(
      (count) => (window as unknown as { __keystrokes: KeystrokeProbe }).__keystrokes.done.length >= count,
      index + 1,
      { polling: 'raf', timeout: 30_000 },
    );
  }
  const samples = await page.evaluate(
    () => (window as unknown as { __keystrokes: KeystrokeProbe }).__keystrokes.done,
  );
  await page.keyboard.press('Escape');
  await page.getByRole('dialog', { name: 'Command palette' }).waitFor({ state: 'hidden' });
  return samples;
}
