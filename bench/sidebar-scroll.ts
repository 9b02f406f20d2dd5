import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import type { BenchResult } from './lib/bench-result';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './lib/chromium';
import { ensureWebBuild, startBuiltServer } from './lib/server';
import { median } from './lib/stats';
import { bundleStorageBenchScript, openStorageBenchPage } from './lib/storage-bench-bundle';

/**
 * Sidebar scrolling with 10,000 chats, in Chromium against the built app served by the real server:
 * the library is seeded through the app's own storage code (bench/lib/storage-bench-page.ts), the
 * app is opened, and the sidebar is scrolled from top to bottom a fixed distance per animation
 * frame. Reports the median frame rate and the longest main-thread task seen while scrolling.
 */
const CHATS = 10_000;
const SEED = 42;
const PIXELS_PER_FRAME = 60;
const RUNS = 3;

interface ScrollSample {
  readonly frames: number;
  readonly fps: number;
  readonly longestTaskMs: number;
  readonly longestFrameMs: number;
  readonly rows: number;
}

async function scrollOnce(page: Page): Promise<ScrollSample> {
  // tsx keeps function names with a __name helper that the page does not have.
  await page.evaluate('window.__name = (fn) => fn');
  return page.evaluate(async (step) => {
    const scroller = document.querySelector<HTMLElement>('[data-testid="sidebar-scroller"]');
    if (!scroller) throw new Error('no sidebar scroller');
    scroller.scrollTop = 0;
    await new Promise((resolve) => setTimeout(resolve, 300));
    let longestTaskMs = 0;
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) longestTaskMs = Math.max(longestTaskMs, entry.duration);
    });
    observer.observe({ type: 'longtask', buffered: false });
    const intervals: number[] = [];
    await new Promise<void>((resolve) => {
      let last = performance.now();
      const frame = (now: number) => {
        intervals.push(now - last);
        last = now;
        const before = scroller.scrollTop;
        scroller.scrollTop = before + step;
        if (scroller.scrollTop === before && intervals.length > 2) resolve();
        else requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    });
    observer.disconnect();
    intervals.shift();
    const sorted = [...intervals].sort((a, b) => a - b);
    const medianInterval = sorted[Math.floor(sorted.length / 2)] ?? 0;
    return {
      frames: intervals.length,
      fps: medianInterval > 0 ? 1000 / medianInterval : 0,
      longestTaskMs,
      longestFrameMs: sorted.at(-1) ?? 0,
      rows: document.querySelectorAll('nav[aria-label="Sidebar"] li').length,
    };
  }, PIXELS_PER_FRAME);
}

export default async function run(): Promise<BenchResult[]> {
  await ensureWebBuild();
  const script = await bundleStorageBenchScript();
  const server = await startBuiltServer();
  const profile = mkdtempSync(path.join(tmpdir(), 'parley-bench-sidebar-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    viewport: { width: 1280, height: 800 },
  });
  try {
    const page = await context.newPage();
    await openStorageBenchPage(page, server.url, script);
    console.log(`  seeding ${CHATS} chats through openLocalStore (IndexedDB)...`);
    await page.evaluate(
      ([count, seed]) =>
        (
          window as unknown as { __storageBench: { seed(c: number, s: number): Promise<unknown> } }
        ).__storageBench.seed(count, seed),
      [CHATS, SEED] as const,
    );

    await page.goto(server.url);
    await page.waitForFunction(
      (count) => document.querySelectorAll('nav[aria-label="Sidebar"] li').length > 0 && count > 0,
      CHATS,
      { timeout: 60_000 },
    );
    // Let the search index finish its first read (it shares the main thread for parsing).
    await page.waitForTimeout(4000);

    const samples: ScrollSample[] = [];
    for (let i = 0; i < RUNS; i++) {
      const sample = await scrollOnce(page);
      samples.push(sample);
      console.log(
        `  run ${i + 1}: ${sample.frames} frames, ${sample.fps.toFixed(1)} fps median, longest task ${sample.longestTaskMs.toFixed(0)} ms, longest frame ${sample.longestFrameMs.toFixed(1)} ms, ${sample.rows} rows in the DOM`,
      );
    }
    return [
      {
        measure: `sidebar scroll, ${CHATS.toLocaleString('en')} chats (median fps)`,
        value: median(samples.map((sample) => sample.fps)),
        unit: 'fps',
        target: 55,
        better: 'higher',
        note: `top to bottom at ${PIXELS_PER_FRAME} px per frame, ${RUNS} runs`,
      },
      {
        measure: 'sidebar scroll: longest main-thread task',
        value: Math.max(...samples.map((sample) => sample.longestTaskMs)),
        unit: 'ms',
        note: 'PerformanceObserver longtask (0 = none over 50 ms)',
      },
      {
        measure: 'sidebar scroll: rows in the DOM',
        value: Math.max(...samples.map((sample) => sample.rows)),
        unit: 'rows',
        note: 'virtualised: only the visible rows plus overscan',
      },
    ];
  } finally {
    await context.close();
    await server.stop();
    rmSync(profile, { recursive: true, force: true });
  }
}
