import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startProviderSim } from '@parley/provider-sim';
import type { BenchResult } from './lib/bench-result';
import { launchChromium } from './lib/chromium';
import { seededRandom } from './lib/seeded-random';
import { ensureWebBuild, startBuiltServer } from './lib/server';

/**
 * Knowledge base in the built app (issue 39): a folder of Markdown documents added in Settings →
 * Knowledge, read by the reader worker, cut, embedded through the provider simulator's
 * /v1/embeddings (text-embedding-3-small at 512) and indexed in the knowledge worker. Reported: the
 * longest main-thread task meanwhile (PerformanceObserver 'longtask', > 50 ms) and how many there
 * were, and the indexing rate from choosing the folder to the progress going away.
 * BENCH_KNOWLEDGE_BROWSER_DOCS sets the documents (default 100, about 20 passages each).
 */
const WORDS =
  'harbour ferry island tomato lease rent telescope recital backup restore alert deposit garden office budget trail'.split(
    ' ',
  );

declare global {
  interface Window {
    benchLongTasks?: number[];
  }
}

export default async function knowledgeBrowserBench(): Promise<BenchResult[]> {
  await ensureWebBuild();
  const documents = Number(process.env.BENCH_KNOWLEDGE_BROWSER_DOCS ?? 100);
  const folder = mkdtempSync(path.join(tmpdir(), 'parley-knowledge-'));
  const random = seededRandom(3);
  for (let d = 0; d < documents; d++) {
    const sections = Array.from(
      { length: 20 },
      (_, s) =>
        `## Part ${s}\n\n` +
        Array.from({ length: 170 }, () => WORDS[Math.floor(random() * WORDS.length)]).join(' '),
    );
    writeFileSync(path.join(folder, `note-${d}.md`), `# Note ${d}\n\n${sections.join('\n\n')}\n`);
  }
  const sim = await startProviderSim();
  const server = await startBuiltServer();
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.addInitScript((simUrl) => {
      localStorage.setItem(
        'TM_keyVault',
        JSON.stringify({
          version: 1,
          endpoints: { openai: `${simUrl}/v1` },
          plainKeys: { openai: 'sk-bench' },
        }),
      );
      window.benchLongTasks = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) window.benchLongTasks!.push(entry.duration);
      }).observe({ type: 'longtask', buffered: false });
    }, sim.url);
    await page.goto(server.url);
    await page.getByRole('main').waitFor();
    await page.getByRole('banner').getByRole('button', { name: 'Settings', exact: true }).click();
    await page.getByRole('dialog').getByText('Knowledge', { exact: true }).click();
    const panel = page.getByRole('region', { name: 'Knowledge base' });
    await panel.locator('select').first().waitFor();
    // The same page left idle as long as indexing takes, first: on a busy machine this tells the
    // long tasks the machine causes from those indexing causes.
    await page.evaluate(() => (window.benchLongTasks = []));
    await page.waitForTimeout(Number(process.env.BENCH_KNOWLEDGE_IDLE_MS ?? 15_000));
    const idle = await page.evaluate(() => window.benchLongTasks ?? []);
    await page.evaluate(() => (window.benchLongTasks = []));
    const started = Date.now();
    await panel.locator('input[type=file][webkitdirectory]').setInputFiles(folder);
    const progress = panel.getByRole('status', { name: 'Indexing' });
    await progress.waitFor({ state: 'visible' });
    await progress.waitFor({ state: 'detached', timeout: 15 * 60_000 });
    const seconds = (Date.now() - started) / 1000;
    const summary = (await panel.locator('p').first().textContent()) ?? '';
    const passages = Number(/([\d,]+) passages/.exec(summary)?.[1]?.replace(/,/g, '') ?? 0);
    const tasks = await page.evaluate(() => window.benchLongTasks ?? []);
    const note = `${documents} documents, ${passages} passages, embeddings from the simulator`;
    return [
      {
        measure: 'longest main-thread task while indexing',
        value: Math.round(Math.max(0, ...tasks)),
        unit: 'ms',
        target: 50,
        note: `${tasks.length} tasks over 50 ms; ${note}`,
      },
      {
        measure: 'longest main-thread task on the same page, idle',
        value: Math.round(Math.max(0, ...idle)),
        unit: 'ms',
        note: `${idle.length} tasks over 50 ms in ${Math.round(Number(process.env.BENCH_KNOWLEDGE_IDLE_MS ?? 15_000) / 1000)} s: the machine's share`,
      },
      {
        measure: 'indexing in the browser (read, cut, embed, index)',
        value: Math.round(passages / seconds),
        unit: 'passages/s',
        better: 'higher',
        note: `${Math.round(seconds)} s; ${note}`,
      },
    ];
  } finally {
    await browser.close();
    await server.stop();
    await sim.close();
    rmSync(folder, { recursive: true, force: true });
  }
}
