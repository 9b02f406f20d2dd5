import { startProviderSim, type ProviderSim } from '@parley/provider-sim';
import type { Page } from 'playwright-core';
import type { BenchResult } from './lib/bench-result';
import { launchChromium } from './lib/chromium';
import { ensureWebBuild, startBuiltServer } from './lib/server';
import { median, percentile } from './lib/stats';

/**
 * The model picker with 2,000 models (an OpenRouter-shaped list from the simulator, cached by the
 * app like any live list), in Chromium against the built app: how long from a click on the picker
 * until its list is painted, and from a keystroke in its search until the filtered list is painted.
 */
const MODELS = 2000;
const OPENS = 20;
const QUERY = 'vendor-12 sim model 1';
const TARGET_P95_MS = 30;

/** In the page: time from `act` until the next paint after `done()` holds (rAF, then a task). */
const MEASURE = `window.__measure = async (act, done) => {
  const start = performance.now();
  act();
  for (let i = 0; i < 200 && !done(); i++) await new Promise((r) => setTimeout(r, 0));
  await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
  return performance.now() - start;
};`;

async function openOnce(page: Page): Promise<number> {
  return page.evaluate(`(async () => {
    const trigger = document.querySelector('header [role="combobox"]');
    return window.__measure(
      () => trigger.click(),
      () => document.querySelectorAll('[role="listbox"] [role="option"]').length > 0,
    );
  })()`) as Promise<number>;
}

async function closePicker(page: Page) {
  await page.keyboard.press('Escape');
  await page.locator('[role="listbox"]').waitFor({ state: 'detached' });
}

/** Types the query one key at a time, each as the browser's input event, timing each to paint. */
async function typeQuery(page: Page): Promise<number[]> {
  return page.evaluate(`(async () => {
    const input = document.querySelector('input[type="search"]');
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
    const listbox = () => document.querySelector('[role="listbox"]');
    const times = [];
    const query = ${JSON.stringify(QUERY)};
    for (let i = 1; i <= query.length; i++) {
      times.push(await window.__measure(
        () => {
          setValue.call(input, query.slice(0, i));
          input.dispatchEvent(new Event('input', { bubbles: true }));
        },
        () => listbox()?.getAttribute('data-query') === query.slice(0, i),
      ));
    }
    return times;
  })()`) as Promise<number[]>;
}

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
          JSON.stringify({
            version: 1,
            endpoints: { openrouter: endpoint },
            plainKeys: { openrouter: 'sk-or-bench' },
          }),
        );
      }
    }, `${sim.url}/__models/count=${MODELS}/api/v1`);
    await page.goto(server.url);
    await page.getByRole('textbox', { name: 'Message' }).waitFor();
    await page.evaluate(MEASURE);
    // The first open loads the picker's chunk and waits for the list; the measured opens come after.
    await page.getByRole('combobox', { name: 'Model' }).click();
    await page
      .getByText(new RegExp(`^${MODELS + 19} models$|^20[0-9]{2} models$`))
      .waitFor({ timeout: 30_000 });
    await closePicker(page);

    const opens: number[] = [];
    const keys: number[] = [];
    for (let i = 0; i < OPENS; i++) {
      opens.push(await openOnce(page));
      if (i < 5) keys.push(...(await typeQuery(page)));
      await closePicker(page);
    }
    const options = await page.evaluate(`(async () => {
      document.querySelector('header [role="combobox"]').click();
      await new Promise((r) => setTimeout(r, 200));
      return document.querySelectorAll('[role="listbox"] [role="option"]').length;
    })()`);
    console.log(
      `  open: p50 ${median(opens).toFixed(1)} ms, p95 ${percentile(opens, 95).toFixed(1)} ms; ` +
        `keystroke: p50 ${median(keys).toFixed(1)} ms, p95 ${percentile(keys, 95).toFixed(1)} ms; ` +
        `${String(options)} options in the DOM`,
    );
    await context.close();
    return [
      { measure: `picker open-to-painted p50, ${MODELS} models`, value: median(opens), unit: 'ms' },
      {
        measure: `picker open-to-painted p95, ${MODELS} models`,
        value: percentile(opens, 95),
        unit: 'ms',
        target: TARGET_P95_MS,
        note: `${OPENS} opens after the first (which loads the chunk and the list)`,
      },
      { measure: `picker filter keystroke p50, ${MODELS} models`, value: median(keys), unit: 'ms' },
      {
        measure: `picker filter keystroke p95, ${MODELS} models`,
        value: percentile(keys, 95),
        unit: 'ms',
        target: TARGET_P95_MS,
        note: `${QUERY.length} keys x 5 runs, input event to the next paint of the filtered list`,
      },
      { measure: 'picker options in the DOM', value: Number(options), unit: 'rows', note: 'virtualised' },
    ];
  } finally {
    await browser.close();
    await sim?.close();
    await server.stop();
  }
}
