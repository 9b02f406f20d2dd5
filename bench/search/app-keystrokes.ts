import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { withProfile } from '../lib/chromium';
import { ensureWebBuild, startBuiltServer } from '../lib/server';
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

export type AppKeystrokes = {
  /** Keydown to the frame that shows that query's results, per keystroke: the first session. */
  samples: number[];
  /** The same after a reload, the index restored from its database. */
  reloadedSamples: number[];
  /** Reload to the index caught up, and the chats it read anew then. */
  reloadMs: number;
  reindexedAfterReload: number;
  chats: number;
  indexBuilt: boolean;
};

/** Lets the first session's worker finish writing its index before the reload. */
const WRITE_PAUSE_MS = 10_000;

/**
 * Keystroke to results painted in the real app: the built app served by the real server, chats
 * seeded into its IndexedDB by the app's own storage code, search started as the app starts it (the
 * worker reads IndexedDB), then queries typed into Ctrl+K. Each keystroke is timed in the page from
 * its keydown to the first frame after the results of that exact query are in the DOM (the top
 * result's highlighted match is the typed text), so a stale answer never counts.
 */
export async function keystrokesInApp(chats: number): Promise<AppKeystrokes> {
  await ensureWebBuild();
  const script = await bundleStorageBenchScript();
  const server = await startBuiltServer();
  const profile = mkdtempSync(path.join(tmpdir(), 'parley-search-app-'));
  const withContext = <T>(work: (context: BrowserContext) => Promise<T>) => withProfile(profile, work);
  try {
    await withContext(async (context) => {
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
    return await withContext(async (context) => {
      const page = await context.newPage();
      await followSearchWorker(page);
      await page.goto(server.url);
      const indexBuilt = await waitForSettledApp(page, 300_000);
      const samples: number[] = [];
      for (const query of QUERIES) samples.push(...(await typeQuery(page, query)));
      await page.waitForTimeout(WRITE_PAUSE_MS);
      const reloaded = Date.now();
      await page.reload();
      await waitForSettledApp(page, 300_000);
      const reloadMs = Date.now() - reloaded;
      const reindexedAfterReload = await page.evaluate(
        () => (window as unknown as { __benchSearch: { reindexed: number } }).__benchSearch.reindexed,
      );
      const reloadedSamples: number[] = [];
      for (const query of QUERIES) reloadedSamples.push(...(await typeQuery(page, query)));
      return { samples, reloadedSamples, reloadMs, reindexedAfterReload, chats, indexBuilt };
    });
  } finally {
    rmSync(profile, { recursive: true, force: true });
    await server.stop();
  }
}

type KeystrokeProbe = { typed: string; startedAt: number; done: number[] };

/** Opens the palette, types `query` key by key, and returns each keystroke's time to painted results. */
async function typeQuery(page: Page, query: string): Promise<number[]> {
  await page.keyboard.press('Control+k');
  const input = page.getByRole('dialog', { name: 'Command palette' }).getByRole('combobox');
  await input.waitFor();
  await page.evaluate(() => {
    // tsx keeps function names with an `__name` helper that the page does not have.
    (globalThis as unknown as { __name?: (fn: unknown) => unknown }).__name ??= (fn) => fn;
    const probe: KeystrokeProbe = { typed: '', startedAt: 0, done: [] };
    (window as unknown as { __keystrokes: KeystrokeProbe }).__keystrokes = probe;
    const dialog = document.querySelector('[role="dialog"]')!;
    const input = dialog.querySelector('input')!;
    let waiting = false;
    input.addEventListener(
      'keydown',
      (event) => {
        if (event.key.length !== 1) return;
        probe.typed = (input.value + event.key).toLowerCase();
        probe.startedAt = performance.now();
        waiting = true;
      },
      { capture: true },
    );
    const check = () => {
      if (!waiting) return;
      const mark = dialog.querySelector('[role="option"] mark');
      if (mark?.textContent?.toLowerCase() !== probe.typed) return;
      waiting = false;
      // Painted: the frame that shows these results has been produced once a task after rAF runs.
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => probe.done.push(performance.now() - probe.startedAt);
        channel.port2.postMessage(null);
      });
    };
    new MutationObserver(check).observe(dialog, { subtree: true, childList: true, characterData: true });
  });
  const samples: number[] = [];
  for (const [index, char] of [...query].entries()) {
    await page.keyboard.press(char);
    await page.waitForFunction(
      (count) => (window as unknown as { __keystrokes: KeystrokeProbe }).__keystrokes.done.length >= count,
      index + 1,
      { polling: 'raf', timeout: 30_000 },
    );
  }
  samples.push(
    ...(await page.evaluate(() => (window as unknown as { __keystrokes: KeystrokeProbe }).__keystrokes.done)),
  );
  await page.keyboard.press('Escape');
  await page.getByRole('dialog', { name: 'Command palette' }).waitFor({ state: 'hidden' });
  return samples;
}
