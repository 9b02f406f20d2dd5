import { startProviderSim, type ProviderSim } from '@parley/provider-sim';
import type { BenchResult } from './lib/bench-result';
import { launchChromium } from './lib/chromium';
import { ensureWebBuild, startBuiltServer } from './lib/server';
import { median } from './lib/stats';

/**
 * The code interpreter (decision 0092): time from pressing Run under a Python block of an answer to
 * its first output on screen. Cold: the runner, its worker bundle and Python's 13 MB are fetched
 * and Pyodide starts. Warm: the files are in memory; each run still starts Python in a fresh worker.
 */
const WARM_RUNS = 3;
const PROMPT =
  'Code [[sim:reply Here:\n\n```python\nimport statistics\nprint("mean", statistics.mean([3, 5, 7, 9]))\n```\n]]';

export default async function run(): Promise<BenchResult[]> {
  await ensureWebBuild();
  const server = await startBuiltServer();
  let sim: ProviderSim | undefined;
  const browser = await launchChromium();
  try {
    sim = await startProviderSim({ port: 0 });
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.addInitScript((endpoint) => {
      if (localStorage.getItem('TM_keyVault') === null) {
        localStorage.setItem(
          'TM_keyVault',
          JSON.stringify({ version: 1, endpoints: { openai: endpoint }, plainKeys: { openai: 'sk-bench' } }),
        );
      }
    }, `${sim.url}/v1`);
    await page.goto(server.url);
    const composer = page.getByRole('textbox', { name: 'Message' });
    await composer.fill(PROMPT);
    await composer.press('Enter');
    const block = page.getByRole('article', { name: 'Assistant' }).last().locator('figure');
    const runButton = block.getByRole('button', { name: 'Run' });
    await runButton.waitFor({ timeout: 30_000 });
    const timeRun = async (): Promise<number> => {
      const started = Date.now();
      await runButton.click();
      // The last run's output goes as the new run starts.
      await block.getByRole('status').waitFor({ state: 'detached', timeout: 10_000 });
      await block
        .getByRole('status')
        .getByText('mean 6')
        .waitFor({ timeout: 120_000 })
        .catch(async (error: unknown) => {
          await page.screenshot({ path: 'bench/results/code-run-failure.png' });
          throw error;
        });
      const ms = Date.now() - started;
      await runButton.waitFor();
      return ms;
    };
    const cold = await timeRun();
    const warm: number[] = [];
    for (let i = 0; i < WARM_RUNS; i++) warm.push(await timeRun());
    console.log(`  cold ${cold} ms; warm ${warm.join(', ')} ms`);
    await context.close();
    return [
      {
        measure: 'Python Run to first output, cold',
        value: cold,
        unit: 'ms',
        note: 'runner, worker and 13 MB of Pyodide fetched',
      },
      {
        measure: 'Python Run to first output, warm',
        value: median(warm),
        unit: 'ms',
        note: `median of ${WARM_RUNS}; a fresh worker each run`,
      },
    ];
  } finally {
    await browser.close();
    await sim?.close();
    await server.stop();
  }
}
