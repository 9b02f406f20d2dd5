import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BenchResult } from './lib/bench-result';
import type { Page } from 'playwright-core';
import { launchChromium } from './lib/chromium';
import {
  describeWindows,
  functionsBetween,
  sourceMappedNames,
  startPageProfile,
  type PageProfile,
} from './lib/cpu-profile';
import { startHeapSampler } from './lib/heap-sampler';
import { describeLongFrames, watchLongFrames, type LongFrame } from './lib/long-frames';
import { ensureWebBuild, startBuiltServer, WEB_DIST } from './lib/server';
import { writeChatGPTFile } from './import/chatgpt-file';
import { writeParleyFile, writeTypingMindFile } from './import/object-files';

/**
 * Import and export at scale, in Chromium against the built app served by the real server:
 * a ChatGPT-format file of 10,000 chats (~100 MB) picked in Settings → Import and export, then
 *  - time to the preview (read, parse and map in the worker) and to the end of the write;
 *  - the longest main-thread task and how many went over 50 ms while that ran (Long Tasks API), and
 *    the animation frames over 50 ms with the scripts that ran in them (Long Animation Frames API);
 *  - the peak JS heap of the page and of its workers (DevTools protocol, sampled every 250 ms);
 *  - the export of the same library as a zip (read and zip in the worker, download), the same numbers.
 * Then, each in a fresh browser profile, a Parley export (`parley-export.json`) and a TypingMind backup
 * of the same size, whose chats sit at `data.chats` (decision 0153): to the preview, to the end of the
 * write, and the workers' heap peaks. BENCH_IMPORT_FORMATS (`chatgpt,parley,typingmind`, the default)
 * picks which run.
 * BENCH_IMPORT_CHATS / BENCH_IMPORT_MB run a smaller data set. BENCH_IMPORT_PROFILE=<dir> also
 * records a CPU profile of the main thread during each phase (`import.cpuprofile`, `export.cpuprofile`,
 * open them in DevTools) and prints what ran in each frame over 50 ms, by source file.
 */
const CHATS = Number(process.env.BENCH_IMPORT_CHATS ?? 10_000);
const MB = Number(process.env.BENCH_IMPORT_MB ?? 100);
const PROFILE_DIR = process.env.BENCH_IMPORT_PROFILE;
const FORMATS = (process.env.BENCH_IMPORT_FORMATS ?? 'chatgpt,parley,typingmind').split(',');
const LONG_TASK_MS = 50;
/** Keep in step with PREFETCHED_MARK in packages/web/src/lib/deferred.ts. */
const PREFETCHED_MARK = 'parley:prefetched';

/** Records the main thread's CPU profile around `work` when BENCH_IMPORT_PROFILE is set. */
async function profiled<T>(
  page: Page,
  phase: string,
  work: () => Promise<T>,
): Promise<{ result: T; recorded?: PageProfile }> {
  if (!PROFILE_DIR) return { result: await work() };
  const stop = await startPageProfile(page, path.join(PROFILE_DIR, `${phase}.cpuprofile`));
  let result: T;
  try {
    result = await work();
  } catch (error) {
    await stop();
    throw error;
  }
  return { result, recorded: await stop() };
}

/** Prints the long frames of a phase and, with a profile, what ran in each of them by source file. */
function report(phase: string, frames: LongFrame[], recorded: PageProfile | undefined): void {
  console.log(describeLongFrames(phase, frames, WEB_DIST));
  if (!recorded) return;
  const name = sourceMappedNames(WEB_DIST);
  // A frame that began before the profile is the profiler's own start, which pauses the page.
  const windows = frames
    .map((frame) => ({ frame, from: frame.startMs - recorded.pageStartMs }))
    .filter(({ from }) => from >= 0)
    .map(({ frame, from }) => functionsBetween(recorded.profile, from, from + frame.durationMs, name, 25));
  console.log(describeWindows(`${phase}: profile of the long frames`, windows));
}

/** A fresh page of the built app, once the app has settled (search, sync, lazy screens fetched). */
async function settledPage(browser: Awaited<ReturnType<typeof launchChromium>>, url: string) {
  const context = await browser.newContext({ acceptDownloads: true, viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();
  await page.goto(url);
  await page.getByRole('main').waitFor();
  // The import starts once the app has settled: what the first seconds after a start cost (search,
  // sync and the lazy screens fetched in idle moments) is not the import's.
  await page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, PREFETCHED_MARK, {
    timeout: 60_000,
  });
  await page.waitForTimeout(1_000);
  return { context, page };
}

/**
 * A Parley export or a TypingMind backup (chats at `data.chats`, IM29) imported in a fresh profile:
 * to the preview, to the end of the write, the workers' heap peak up to the preview and overall.
 */
async function importObjectFile(
  browser: Awaited<ReturnType<typeof launchChromium>>,
  url: string,
  label: string,
  file: string,
  bytes: number,
): Promise<BenchResult[]> {
  const { context, page } = await settledPage(browser, url);
  try {
    const heap = await startHeapSampler(page);
    await page.getByRole('banner').getByRole('button', { name: 'Settings', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Settings' });
    await dialog.getByRole('tab', { name: 'Import and export' }).click();
    const started = Date.now();
    await dialog.getByTestId('import-file-input').setInputFiles(file);
    const preview = page.locator('[role="region"][aria-label="Import preview"]');
    await preview.waitFor({ timeout: 600_000 });
    const previewMs = Date.now() - started;
    const readHeap = heap.read();
    await preview.locator('button', { hasText: /^Import$/ }).click();
    await page.locator('[role="status"]', { hasText: /^Import finished/ }).waitFor({ timeout: 1_200_000 });
    const importMs = Date.now() - started;
    const peaks = heap.read();
    await heap.stop();
    return [
      {
        measure: `import ${label} of ${CHATS} chats (${Math.round(bytes / 1048576)} MB): to the preview`,
        value: previewMs,
        unit: 'ms',
      },
      { measure: `import ${label}: to the end of the write`, value: importMs, unit: 'ms' },
      {
        measure: `import ${label}: workers' JS heap peak to the preview`,
        value: readHeap.workersMB,
        unit: 'MB',
      },
      {
        measure: `import ${label}: workers' JS heap peak`,
        value: peaks.workersMB,
        unit: 'MB',
        note: 'sampled: file read, records and uncollected garbage',
      },
    ];
  } finally {
    await context.close();
  }
}

export default async function run(): Promise<BenchResult[]> {
  await ensureWebBuild();
  const results: BenchResult[] = [];
  if (FORMATS.includes('chatgpt')) results.push(...(await runChatGPT()));
  const dir = mkdtempSync(path.join(tmpdir(), 'parley-bench-import-'));
  const server = await startBuiltServer();
  const browser = await launchChromium();
  try {
    for (const [format, label, write] of [
      ['parley', "Parley's own export", writeParleyFile],
      ['typingmind', 'a TypingMind backup', writeTypingMindFile],
    ] as const) {
      if (!FORMATS.includes(format)) continue;
      const file = path.join(dir, format === 'parley' ? 'parley-export.json' : 'typingmind-backup.json');
      const bytes = write(file, CHATS, MB * 1024 * 1024);
      results.push(...(await importObjectFile(browser, server.url, label, file, bytes)));
      rmSync(file, { force: true });
    }
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  return results;
}

async function runChatGPT(): Promise<BenchResult[]> {
  await ensureWebBuild();
  const dir = mkdtempSync(path.join(tmpdir(), 'parley-bench-import-'));
  const file = path.join(dir, 'conversations.json');
  const bytes = writeChatGPTFile(file, CHATS, MB * 1024 * 1024);
  const server = await startBuiltServer();
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({
      acceptDownloads: true,
      viewport: { width: 1400, height: 900 },
    });
    const page = await context.newPage();
    await page.goto(server.url);
    await page.getByRole('main').waitFor();
    // The import starts once the app has settled: what the first seconds after a start cost (search,
    // sync and the lazy screens fetched in idle moments) is not the import's.
    await page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, PREFETCHED_MARK, {
      timeout: 60_000,
    });
    await page.waitForTimeout(1_000);
    await page.evaluate(() => {
      const w = window as unknown as { __longTasks: number[] };
      w.__longTasks = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) w.__longTasks.push(entry.duration);
      }).observe({ type: 'longtask', buffered: false });
    });
    const takeLongFrames = await watchLongFrames(page, LONG_TASK_MS);
    const heap = await startHeapSampler(page);
    const takeLongTasks = () =>
      page.evaluate(() => {
        const w = window as unknown as { __longTasks: number[] };
        const tasks = w.__longTasks;
        w.__longTasks = [];
        return tasks;
      });
    await page.getByRole('banner').getByRole('button', { name: 'Settings', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Settings' });
    await dialog.getByRole('tab', { name: 'Import and export' }).click();
    const started = Date.now();
    let readHeap = heap.read();
    const imported = await profiled(page, 'import', async () => {
      await dialog.getByTestId('import-file-input').setInputFiles(file);
      // CSS locators: Playwright polls them in the page, and a role query walks the accessibility
      // of every node each time, a long task of its own.
      const preview = page.locator('[role="region"][aria-label="Import preview"]');
      await preview.waitFor({ timeout: 600_000 });
      const previewMs = Date.now() - started;
      // The peak while reading (up to the preview) apart from the peak while writing.
      readHeap = heap.read();
      await preview.locator('button', { hasText: /^Import$/ }).click();
      await page.locator('[role="status"]', { hasText: /^Import finished/ }).waitFor({ timeout: 1_200_000 });
      return { previewMs, importMs: Date.now() - started };
    });
    const { previewMs, importMs } = imported.result;
    // The sidebar's last re-list after the import is part of it: give it time to run.
    await page.waitForTimeout(2_000);
    const importTasks = await takeLongTasks();
    report('import', await takeLongFrames(), imported.recorded);
    const importHeap = heap.read();
    heap.reset();

    const exportButton = page.locator('[role="dialog"] button', { hasText: /^Export$/ });
    const exportStarted = Date.now();
    const exported = await profiled(page, 'export', async () => {
      const download = page.waitForEvent('download', { timeout: 600_000 });
      await exportButton.click();
      return (await download).path();
    });
    const exportMs = Date.now() - exportStarted;
    await exportButton.waitFor();
    const exportTasks = await takeLongTasks();
    report('export', await takeLongFrames(), exported.recorded);
    const zipPath = exported.result;
    const exportHeap = heap.read();
    await heap.stop();

    const longest = (tasks: number[]) => Math.round(Math.max(0, ...tasks));
    const over = (tasks: number[]) => tasks.filter((d) => d > LONG_TASK_MS).length;
    const phaseRows = (
      phase: string,
      tasks: number[],
      peaks: typeof importHeap,
      workerNote: string,
    ): BenchResult[] => [
      { measure: `${phase}: longest main-thread task`, value: longest(tasks), unit: 'ms', target: 50 },
      { measure: `${phase}: main-thread tasks over 50 ms`, value: over(tasks), unit: 'tasks', target: 0 },
      { measure: `${phase}: page JS heap peak`, value: peaks.pageMB, unit: 'MB' },
      {
        measure: `${phase}: workers' JS heap peak`,
        value: peaks.workersMB,
        unit: 'MB',
        note: workerNote,
      },
    ];
    return [
      {
        measure: `import ${CHATS} chats (${Math.round(bytes / 1048576)} MB): to the preview`,
        value: previewMs,
        unit: 'ms',
        note: 'read, parse, map in the worker',
      },
      { measure: `import ${CHATS} chats: to the end of the write`, value: importMs, unit: 'ms' },
      ...phaseRows(
        'import',
        importTasks,
        importHeap,
        'sampled: parsed file, records and uncollected garbage',
      ),
      { measure: `import: workers' JS heap peak to the preview`, value: readHeap.workersMB, unit: 'MB' },
      {
        measure: `export ${CHATS} chats as a zip`,
        value: exportMs,
        unit: 'ms',
        note: `zip ${Math.round(statSync(zipPath).size / 1048576)} MB`,
      },
      ...phaseRows('export', exportTasks, exportHeap, 'sampled: records read and the zip being built'),
    ];
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
