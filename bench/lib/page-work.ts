import type { Page } from 'playwright-core';
import type { CpuProfile } from './cpu-profile';
import { median } from './stats';

/**
 * Where the main thread's time goes in short, repeated actions of a page (an opening, a keystroke),
 * for benches that time such actions: sampled functions per action, and the browser's own stages.
 */

type FrameNamer = (frame: CpuProfile['nodes'][number]['callFrame']) => string;

/**
 * Runs `work` with the sampling profiler on (0.1 ms samples), collecting each `console.profile(title)`
 * ... `console.profileEnd(title)` stretch the page marks, and returns the functions that ran longest
 * per stretch, by title: averaged over the stretches, with their self time. A profile runs throughout,
 * so each console.profile only marks a part of it (starting the profiler logs every compiled
 * function, which would land inside the stretch). `(program)` is the browser's own work.
 */
export async function profileStretches(
  page: Page,
  name: FrameNamer,
  work: () => Promise<void>,
  top = 25,
): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  const profiles = new Map<string, CpuProfile[]>();
  cdp.on('Profiler.consoleProfileFinished', (event) => {
    const title = event.title ?? '';
    profiles.set(title, [...(profiles.get(title) ?? []), event.profile as unknown as CpuProfile]);
  });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  try {
    await work();
  } finally {
    await cdp.send('Profiler.stop');
    await cdp.send('Profiler.disable');
    await cdp.detach();
  }
  const lines: string[] = [];
  for (const [title, list] of profiles) {
    const total = new Map<string, number>();
    const self = new Map<string, number>();
    let busy = 0;
    for (const profile of list) {
      const byId = new Map(profile.nodes.map((node) => [node.id, node]));
      const parentOf = new Map<number, number>();
      for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
      profile.samples.forEach((id, index) => {
        // A sample's delta is the time since the previous one: that time is charged to this sample.
        const ms = (profile.timeDeltas[index] ?? 0) / 1000;
        const frames: string[] = [];
        for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) {
          const frame = byId.get(at)!.callFrame;
          if (frame.functionName !== '(root)') frames.push(name(frame));
        }
        const leaf = frames[0];
        if (leaf === undefined || leaf === '(idle)') return;
        busy += ms;
        self.set(leaf, (self.get(leaf) ?? 0) + ms);
        for (const frame of new Set(frames)) total.set(frame, (total.get(frame) ?? 0) + ms);
      });
    }
    const per = (ms: number) => (ms / list.length).toFixed(2).padStart(6);
    lines.push(`profile, per ${title} (${list.length} sampled, ${per(busy).trim()} ms busy each):`);
    for (const [fn, ms] of [...total].sort((a, b) => b[1] - a[1]).slice(0, top))
      lines.push(`  ${per(ms)} ms total ${per(self.get(fn) ?? 0)} ms self  ${fn}`);
  }
  return lines;
}

/** The browser's stages on the main thread, as a Chromium trace names them. */
const STAGES = {
  script: 'FunctionCall',
  style: 'UpdateLayoutTree',
  layout: 'Layout',
  prePaint: 'PrePaint',
  paint: 'Paint',
  layerize: 'Layerize',
  commit: 'Commit',
} as const;

type TraceEvent = { name: string; ph: string; ts: number; dur?: number; tid: number };

/**
 * Traces `times` runs of `act` (each between two user-timing marks) and returns the main thread's
 * milliseconds per run in each stage (medians). Nested events of one stage count once; style and
 * layout that script forces are in both.
 */
export async function traceStages(
  page: Page,
  times: number,
  act: () => Promise<unknown>,
  between: () => Promise<unknown>,
): Promise<Record<keyof typeof STAGES, number>> {
  const browser = page.context().browser()!;
  await browser.startTracing(page, {
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing'],
  });
  for (let i = 0; i < times; i++) {
    await page.evaluate(`performance.mark('bench-act-start')`);
    await act();
    await page.evaluate(`performance.mark('bench-act-end')`);
    await between();
  }
  const { traceEvents } = JSON.parse((await browser.stopTracing()).toString()) as {
    traceEvents: TraceEvent[];
  };
  const marks = traceEvents
    .filter((event) => event.name === 'bench-act-start' || event.name === 'bench-act-end')
    .sort((a, b) => a.ts - b.ts);
  const perRun = new Map<keyof typeof STAGES, number[]>();
  for (let i = 0; i + 1 < marks.length; i += 2) {
    const { ts: from, tid } = marks[i]!;
    const to = marks[i + 1]!.ts;
    const inside = traceEvents.filter(
      (event) => event.tid === tid && event.ph === 'X' && event.ts >= from && event.ts <= to,
    );
    for (const [stage, eventName] of Object.entries(STAGES) as [keyof typeof STAGES, string][]) {
      let ms = 0;
      let reached = 0;
      for (const event of inside.filter((e) => e.name === eventName).sort((a, b) => a.ts - b.ts)) {
        const end = event.ts + (event.dur ?? 0);
        if (end > reached) ms += (end - Math.max(event.ts, reached)) / 1000;
        reached = Math.max(reached, end);
      }
      perRun.set(stage, [...(perRun.get(stage) ?? []), ms]);
    }
  }
  return Object.fromEntries(
    Object.keys(STAGES).map((stage) => [stage, median(perRun.get(stage as keyof typeof STAGES) ?? [])]),
  ) as Record<keyof typeof STAGES, number>;
}
