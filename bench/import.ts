import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BenchResult } from './lib/bench-result';
import { launchChromium } from './lib/chromium';
import { ensureWebBuild, startBuiltServer } from './lib/server';
import { writeChatGPTFile } from './import/chatgpt-file';

/**
 * Import and export at scale, in Chromium against the built app served by the real server:
 * a ChatGPT-format file of 10,000 chats (~100 MB) picked in Settings → Import and export, then
 *  - time to the preview (read, parse and map in the worker) and to the end of the write;
 *  - the longest main-thread task and how many went over 50 ms while that ran (Long Tasks API);
 *  - the page's peak JS heap (sampled every 250 ms; the worker's own heap is not included);
 *  - the export of the same library as a zip (collect, zip in the worker, download).
 * BENCH_IMPORT_CHATS / BENCH_IMPORT_MB run a smaller data set.
 */
const CHATS = Number(process.env.BENCH_IMPORT_CHATS ?? 10_000);
const MB = Number(process.env.BENCH_IMPORT_MB ?? 100);

export default async function run(): Promise<BenchResult[]> {
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
    await page.evaluate(() => {
      const w = window as unknown as { __longTasks: number[]; __heapPeak: number };
      w.__longTasks = [];
      w.__heapPeak = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) w.__longTasks.push(entry.duration);
      }).observe({ type: 'longtask', buffered: false });
      const memory = (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory;
      setInterval(() => {
        if (memory) w.__heapPeak = Math.max(w.__heapPeak, memory.usedJSHeapSize);
      }, 250);
    });
    await page.getByRole('banner').getByRole('button', { name: 'Settings', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Settings' });
    await dialog.getByRole('tab', { name: 'Import and export' }).click();
    const started = Date.now();
    await dialog.getByTestId('import-file-input').setInputFiles(file);
    const preview = dialog.getByRole('region', { name: 'Import preview' });
    await preview.waitFor({ timeout: 600_000 });
    const previewMs = Date.now() - started;
    await preview.getByRole('button', { name: 'Import', exact: true }).click();
    await dialog.getByText(/^Import finished/).waitFor({ timeout: 1_200_000 });
    const importMs = Date.now() - started;
    const during = await page.evaluate(() => {
      const w = window as unknown as { __longTasks: number[]; __heapPeak: number };
      return { tasks: [...w.__longTasks], heap: w.__heapPeak };
    });
    await page.evaluate(() => ((window as unknown as { __longTasks: number[] }).__longTasks = []));
    const exportStarted = Date.now();
    const download = page.waitForEvent('download', { timeout: 600_000 });
    await dialog.getByRole('button', { name: 'Export', exact: true }).click();
    const zipPath = await (await download).path();
    const exportMs = Date.now() - exportStarted;
    const exportTasks = await page.evaluate(
      () => (window as unknown as { __longTasks: number[] }).__longTasks,
    );
    const longest = (tasks: number[]) => Math.round(Math.max(0, ...tasks));
    const over50 = (tasks: number[]) => tasks.filter((d) => d > 50).length;
    return [
      {
        measure: `import ${CHATS} chats (${Math.round(bytes / 1048576)} MB): to the preview`,
        value: previewMs,
        unit: 'ms',
        note: 'read, parse, map in the worker',
      },
      { measure: `import ${CHATS} chats: to the end of the write`, value: importMs, unit: 'ms' },
      {
        measure: 'import: longest main-thread task',
        value: longest(during.tasks),
        unit: 'ms',
        target: 50,
        note: `${over50(during.tasks)} tasks over 50 ms`,
      },
      {
        measure: 'import: page JS heap peak',
        value: Math.round(during.heap / 1048576),
        unit: 'MB',
        note: 'sampled every 250 ms; the worker not included',
      },
      {
        measure: `export ${CHATS} chats as a zip`,
        value: exportMs,
        unit: 'ms',
        note: `zip ${Math.round(statSync(zipPath).size / 1048576)} MB`,
      },
      {
        measure: 'export: longest main-thread task',
        value: longest(exportTasks),
        unit: 'ms',
        target: 50,
        note: `${over50(exportTasks)} tasks over 50 ms`,
      },
    ];
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
