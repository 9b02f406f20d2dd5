import { startProviderSim, type ProviderSim } from '@parley/provider-sim';
import type { Page } from 'playwright-core';
import type { BenchResult } from './lib/bench-result';
import { launchChromium } from './lib/chromium';
import { sourceMappedNames } from './lib/cpu-profile';
import { profileStretches, traceStages } from './lib/page-work';
import { ensureWebBuild, startBuiltServer, WEB_DIST } from './lib/server';
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
/**
 * Issue #32's aim, "<= 16 ms", held where it can be met: the main thread's work for an opening or a
 * keystroke fits in one frame, so the list shows at the next frame and the painted time sits on the
 * bench's floor (a frame: no change, however cheap, paints sooner). Decision 0157.
 */
const TARGET_WORK_P95_MS = 16;

/**
 * In the page: time from `act` until the next paint after `done()` holds (rAF, then a task). That
 * waits for the display's next frame, so even a change that costs nothing reads up to a frame (16.7
 * ms at 60 Hz; a loop of keystrokes, each started just after a paint, reads one frame each): `floor`
 * measures exactly that. `work` is the main thread's part: from `act` until `done()` (the script),
 * plus the frame's style, layout and paint (from its rAF callback to the task after it).
 */
const MEASURE = `window.__measure = async (act, done) => {
  if (window.__profileTitle) console.profile(window.__profileTitle);
  const start = performance.now();
  act();
  // React renders a click's update in a microtask: wait for that first, and for timers only if need be.
  await Promise.resolve();
  for (let i = 0; i < 200 && !done(); i++) await new Promise((r) => setTimeout(r, 0));
  const settled = performance.now();
  const frame = await new Promise((r) => requestAnimationFrame(() => r(performance.now())));
  await new Promise((r) => setTimeout(r, 0));
  const end = performance.now();
  if (window.__profileTitle) console.profileEnd(window.__profileTitle);
  return { total: end - start, work: settled - start + (end - frame) };
};`;

type Timing = { total: number; work: number };

async function openOnce(page: Page): Promise<Timing> {
  return page.evaluate(`(async () => {
    const trigger = document.querySelector('header [role="combobox"]');
    return window.__measure(
      () => trigger.click(),
      // The trigger's own list, with options, and not a closed one kept hidden (aria-hidden).
      () => {
        const list = document.getElementById(trigger.getAttribute('aria-controls'));
        return list !== null && list.closest('[aria-hidden="true"]') === null && list.querySelector('[role="option"]') !== null;
      },
    );
  })()`) as Promise<Timing>;
}

/** The bench's own floor: the same measure around a change of one attribute, as the keystrokes are timed. */
async function floor(page: Page): Promise<Timing[]> {
  return page.evaluate(`(async () => {
    const times = [];
    for (let i = 0; i < 40; i++) {
      times.push(await window.__measure(() => document.body.setAttribute('data-bench-tick', String(i)), () => true));
    }
    document.body.removeAttribute('data-bench-tick');
    return times;
  })()`) as Promise<Timing[]>;
}

async function closePicker(page: Page) {
  await page.keyboard.press('Escape');
  // Gone, or kept hidden for the next opening.
  await page.locator('header [role="listbox"]').waitFor({ state: 'hidden' });
}

/** Types the query one key at a time, each as the browser's input event, timing each to paint. */
async function typeQuery(page: Page): Promise<Timing[]> {
  return page.evaluate(`(async () => {
    // The open picker's search field has the focus.
    const input = document.activeElement;
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
    const listbox = () => document.getElementById(input.getAttribute('aria-controls'));
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
  })()`) as Promise<Timing[]>;
}

/**
 * BENCH_PICKER_PROFILE=1: after the timed runs, as many again with a CPU profile of each opening and
 * keystroke, printed as the functions that ran longest per opening and per keystroke.
 * BENCH_PICKER_TRACE=1: a Chromium trace of 20 more openings, printed as the main thread's time per
 * opening in each of the browser's stages (script, style, layout, paint...).
 */
async function diagnose(page: Page): Promise<void> {
  if (process.env.BENCH_PICKER_PROFILE) {
    const lines = await profileStretches(page, sourceMappedNames(WEB_DIST), async () => {
      for (let i = 0; i < OPENS; i++) {
        await page.evaluate(`window.__profileTitle = 'open'`);
        await openOnce(page);
        if (i < 5) {
          await page.evaluate(`window.__profileTitle = 'keystroke'`);
          await typeQuery(page);
        }
        await page.evaluate(`window.__profileTitle = undefined`);
        await closePicker(page);
      }
    });
    console.log(lines.map((line) => `  ${line}`).join('\n'));
  }
  if (process.env.BENCH_PICKER_TRACE) {
    const stages = await traceStages(
      page,
      OPENS,
      () => openOnce(page),
      () => closePicker(page),
    );
    console.log(
      `  trace, main thread per opening (medians of ${OPENS}, ms): ` +
        Object.entries(stages)
          .map(([stage, ms]) => `${stage} ${ms.toFixed(2)}`)
          .join(', '),
    );
  }
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

    const openTimes: Timing[] = [];
    const keyTimes: Timing[] = [];
    for (let i = 0; i < OPENS; i++) {
      openTimes.push(await openOnce(page));
      if (i < 5) keyTimes.push(...(await typeQuery(page)));
      await closePicker(page);
    }
    const floorTimes = await floor(page);
    await diagnose(page);
    const opens = openTimes.map((time) => time.total);
    const keys = keyTimes.map((time) => time.total);
    const openWork = openTimes.map((time) => time.work);
    const keyWork = keyTimes.map((time) => time.work);
    const floors = floorTimes.map((time) => time.total);
    const options = await page.evaluate(`(async () => {
      document.querySelector('header [role="combobox"]').click();
      await new Promise((r) => setTimeout(r, 200));
      return document.querySelectorAll('[role="listbox"] [role="option"]').length;
    })()`);
    const floorWork = floorTimes.map((time) => time.work);
    const overFloor = (times: number[], p: number) => percentile(times, p) - percentile(floors, p);
    const fits = (work: number[]) =>
      `${percentile(work, 95).toFixed(1)} ms (${percentile(work, 95) <= TARGET_WORK_P95_MS ? 'fits' : 'over'})`;
    console.log(
      `  open: p50 ${median(opens).toFixed(1)} ms, p95 ${percentile(opens, 95).toFixed(1)} ms; ` +
        `keystroke: p50 ${median(keys).toFixed(1)} ms, p95 ${percentile(keys, 95).toFixed(1)} ms; ` +
        `${String(options)} options in the DOM\n` +
        `  main-thread work: open p50 ${median(openWork).toFixed(1)} ms, p95 ${percentile(openWork, 95).toFixed(1)} ms; ` +
        `keystroke p50 ${median(keyWork).toFixed(1)} ms, p95 ${percentile(keyWork, 95).toFixed(1)} ms; ` +
        `bench floor (a change costing nothing) p50 ${median(floors).toFixed(1)} ms, p95 ${percentile(floors, 95).toFixed(1)} ms\n` +
        `  painted minus the floor: open p50 ${overFloor(opens, 50).toFixed(1)} ms, p95 ${overFloor(opens, 95).toFixed(1)} ms; ` +
        `keystroke p50 ${overFloor(keys, 50).toFixed(1)} ms, p95 ${overFloor(keys, 95).toFixed(1)} ms ` +
        `(the floor's own work p50 ${median(floorWork).toFixed(1)} ms)\n` +
        `  target (issue #32, decision 0157): main-thread work p95 <= ${TARGET_WORK_P95_MS} ms, one frame: ` +
        `open ${fits(openWork)}, keystroke ${fits(keyWork)}`,
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
      {
        measure: `picker open main-thread work p95, ${MODELS} models`,
        value: percentile(openWork, 95),
        unit: 'ms',
        target: TARGET_WORK_P95_MS,
        note: 'script until the list is in the page, plus the style, layout and paint of its frame: one frame is the aim',
      },
      {
        measure: `picker keystroke main-thread work p95, ${MODELS} models`,
        value: percentile(keyWork, 95),
        unit: 'ms',
        target: TARGET_WORK_P95_MS,
        note: 'what must fit in a frame (16.7 ms at 60 Hz) for the filtered list to show at the next one',
      },
      {
        measure: 'bench floor: a change that costs nothing, p95',
        value: percentile(floors, 95),
        unit: 'ms',
        note: 'the wait for the next frame that every latency above includes',
      },
      {
        measure: `picker open-to-painted minus the floor, p95, ${MODELS} models`,
        value: overFloor(opens, 95),
        unit: 'ms',
        note: 'what an opening adds to the frame any change waits for (near 0: it shows at the next frame)',
      },
      {
        measure: `picker keystroke minus the floor, p95, ${MODELS} models`,
        value: overFloor(keys, 95),
        unit: 'ms',
        note: 'what a keystroke adds to the frame any change waits for',
      },
      { measure: 'picker options in the DOM', value: Number(options), unit: 'rows', note: 'virtualised' },
    ];
  } finally {
    await browser.close();
    await sim?.close();
    await server.stop();
  }
}
