import type { Page } from 'playwright-core';
import { sourcePositions, type CpuProfile } from './cpu-profile';
import { measureAppColdStart, type AppColdStart } from './storage-bench-app';

/**
 * Where a cold start's time goes before the sidebar and the last chat are on screen (bench/storage
 * with BENCH_TRACE=1): a Chromium trace (script compile and evaluation per chunk, style, layout,
 * paint, GC), the sampling profiler (main-thread time by area of our source, through the build's
 * source maps) and a few hooks in the page (IndexedDB opens and reads, workers, requests), all
 * counted from navigation start up to the moment the first screen showed.
 */
export type ColdStartTrace = {
  shown: number;
  /** Time per item (ms) before `shown`, for the medians across runs. */
  items: Record<string, number>;
  /** Sampled time (ms) under each of our functions nearest the sample (deepest frame of our source). */
  functions: Record<string, number>;
  /** Events in order, ms from navigation start: what started when (and ended when). */
  timeline: { at: number; end?: number; what: string }[];
};

type TraceEvent = {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: {
    name?: string;
    data?: { url?: string; documentLoaderURL?: string; isLoadingMainFrame?: boolean };
    fileName?: string;
    url?: string;
  };
};

/**
 * Records IndexedDB opens and reads and worker start-ups as the page makes them. A string, not a
 * function: the bench's compiler would wrap named functions in a helper the page does not have.
 */
const INSTRUMENT_PAGE = `(() => {
  const log = [];
  window.__startLog = log;
  const track = (what, request) => {
    const entry = { at: performance.now(), what };
    log.push(entry);
    request.addEventListener('success', () => { entry.end ??= performance.now(); });
  };
  const open = IDBFactory.prototype.open;
  IDBFactory.prototype.open = function (...args) {
    const request = open.apply(this, args);
    track('IndexedDB open ' + args[0], request);
    return request;
  };
  for (const proto of [IDBObjectStore.prototype, IDBIndex.prototype]) {
    for (const method of ['get', 'getAll', 'getAllKeys', 'openCursor', 'count']) {
      const original = proto[method];
      proto[method] = function (...args) {
        const request = original.apply(this, args);
        const store = this instanceof IDBIndex ? this.objectStore.name + '.' + this.name : this.name;
        const what = 'IndexedDB ' + method + ' ' + store;
        // Many small reads of one kind are one line: the first start, the last end.
        const previous = log.findLast((e) => e.what === what || e.what.startsWith(what + ' x'));
        if (previous && performance.now() - previous.at < 100) {
          previous.count = (previous.count ?? 1) + 1;
          previous.what = what + ' x' + previous.count;
          request.addEventListener('success', () => { previous.end = performance.now(); });
        } else track(what, request);
        return request;
      };
    }
  }
  const NativeWorker = window.Worker;
  window.Worker = class extends NativeWorker {
    constructor(...args) {
      super(...args);
      log.push({ at: performance.now(), what: 'worker started ' + String(args[0]).split('/').pop() });
    }
  };
})();`;

/** Area of our code (by its source path) a sampled stack counts against; the first rule that matches wins. */
const AREAS: { area: string; test: RegExp }[] = [
  { area: 'search index / client', test: /features\/search|core\/src\/search/ },
  { area: 'sync start', test: /cloud-sync|core\/src\/sync/ },
  { area: 'license check', test: /features\/license|state\/license|core\/src\/license|~\/jose/ },
  { area: 'lazy-screen prefetch', test: /prefetch/ },
  { area: 'model list refresh', test: /model-lists/ },
  { area: 'snapshots', test: /snapshots/ },
  { area: 'i18n', test: /i18n|i18next/ },
  {
    area: 'markdown / highlight',
    test: /features\/markdown|~\/(shiki|@shikijs|micromark|mdast|remark|katex)/,
  },
  { area: 'React render + commit', test: /react-dom|~\/scheduler/ },
  { area: 'storage (main thread)', test: /storage|~\/idb\//i },
  { area: 'key vault', test: /key-vault/ },
];

function classifier(distDir: string) {
  const positionOf = sourcePositions(distDir);
  const sourceOf = (frame: CpuProfile['nodes'][number]['callFrame']): string =>
    positionOf(frame)?.source ?? frame.url;
  const area = (stack: CpuProfile['nodes'][number]['callFrame'][], sources: string[]): string => {
    const leaf = stack.at(-1);
    if (!leaf) return 'other';
    if (leaf.functionName === '(garbage collector)') return 'GC';
    if (leaf.functionName === '(program)') return 'browser (parse, compile, style, layout, paint)';
    for (const { area, test } of AREAS) if (sources.some((source) => test.test(source))) return area;
    // A stack with no function of ours under the top-level frame: a chunk's module body running.
    if (stack.length <= 2 && leaf.url) return `module evaluation ${leaf.url.split('/').pop()}`;
    return 'other app code';
  };
  return (stack: CpuProfile['nodes'][number]['callFrame'][]) => {
    const sources = stack.map((frame) => (frame.url ? sourceOf(frame) : ''));
    let own: string | undefined;
    for (let i = stack.length - 1; i >= 0 && !own; i--)
      if (/^(src|core\/src)\//.test(sources[i]!))
        own = `${stack[i]!.functionName || '(anonymous)'} ${sources[i]}`;
    return { area: area(stack, sources), own };
  };
}

/** Busy time (ms) per area of the samples taken between `from` and `to` (µs, the trace clock). */
function profileAreas(
  profile: CpuProfile & { startTime: number },
  from: number,
  to: number,
  distDir: string,
) {
  const classify = classifier(distDir);
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const areaOf = new Map<number, { area: string; own: string | undefined }>();
  const areas: Record<string, number> = {};
  const functions: Record<string, number> = {};
  let clock = profile.startTime;
  profile.samples.forEach((id, index) => {
    const delta = profile.timeDeltas[index] ?? 0;
    clock += delta;
    if (clock < from || clock > to) return;
    const leaf = byId.get(id)!;
    if (leaf.callFrame.functionName === '(idle)') return;
    let found = areaOf.get(id);
    if (!found) {
      const stack: CpuProfile['nodes'][number]['callFrame'][] = [];
      for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) {
        const frame = byId.get(at)!.callFrame;
        if (frame.functionName !== '(root)') stack.unshift(frame);
      }
      found = classify(stack);
      areaOf.set(id, found);
    }
    areas[`js: ${found.area}`] = (areas[`js: ${found.area}`] ?? 0) + delta / 1000;
    if (found.own) functions[found.own] = (functions[found.own] ?? 0) + delta / 1000;
  });
  return { areas, functions };
}

/** Trace events on the page's main thread that tell compile/evaluation per chunk and the browser's own work. */
function traceItems(events: TraceEvent[], from: number, to: number) {
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const items: Record<string, number> = {};
  if (!main) return items;
  const add = (key: string, dur: number) => (items[key] = (items[key] ?? 0) + dur / 1000);
  for (const event of events) {
    if (event.pid !== main.pid || event.tid !== main.tid || event.ph !== 'X' || !event.dur) continue;
    if (event.ts < from || event.ts > to) continue;
    const url = event.args?.data?.url ?? event.args?.fileName ?? event.args?.url;
    const chunk = url ? String(url).split('/').pop() : undefined;
    switch (event.name) {
      case 'v8.compileModule':
      case 'v8.compile':
      case 'V8.CompileCode':
        add(`compile ${chunk ?? '(inline)'}`, event.dur);
        break;
      case 'v8.evaluateModule':
      case 'EvaluateScript':
        add(`evaluate ${chunk ?? 'module scripts'}`, event.dur);
        break;
      case 'ParseHTML':
      case 'UpdateLayoutTree':
      case 'Layout':
      case 'Paint':
      case 'PrePaint':
      case 'Layerize':
      case 'ParseAuthorStyleSheet':
        add(`browser: ${event.name}`, event.dur);
        break;
      case 'MinorGC':
      case 'MajorGC':
      case 'V8.GC_SCAVENGER':
        add('browser: GC', event.dur);
        break;
      case 'RunTask':
        add('main thread busy (all tasks)', event.dur);
        break;
      default:
    }
  }
  return items;
}

/** One fresh cold start of the app with the trace, the profiler and the page hooks running. */
export async function traceAppColdStart(
  page: Page,
  url: string,
  distDir: string,
): Promise<ColdStartTrace | undefined> {
  await page.addInitScript(INSTRUMENT_PAGE);
  const cdp = await page.context().newCDPSession(page);
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (data) => events.push(...(data.value as unknown as TraceEvent[])));
  await cdp.send('Tracing.start', {
    categories:
      'devtools.timeline,disabled-by-default-devtools.timeline,v8.execute,v8,blink.user_timing,toplevel,loading',
    transferMode: 'ReportEvents',
  });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  const measured: AppColdStart | undefined = await measureAppColdStart(page, url);
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as {
    profile: CpuProfile & { startTime: number };
  };
  // What the page started up to then, and in the next 1.5 s (the work deferred past the first screen).
  await page.waitForTimeout(1500);
  const inPage = (await page.evaluate(() => ({
    log: (window as unknown as { __startLog: ColdStartTrace['timeline'] }).__startLog,
    resources: performance.getEntriesByType('resource').map((e) => {
      const r = e as PerformanceResourceTiming;
      return { name: r.name, at: r.startTime, end: r.responseEnd, type: r.initiatorType };
    }),
    marks: performance
      .getEntriesByType('mark')
      .concat(performance.getEntriesByType('paint'))
      .map((e) => ({ at: e.startTime, what: `mark ${e.name}` })),
  }))) as {
    log: ColdStartTrace['timeline'];
    resources: { name: string; at: number; end: number; type: string }[];
    marks: ColdStartTrace['timeline'];
  };
  const done = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.end');
  await done;
  if (!measured) return undefined;

  const navigation = events.find(
    (e) => e.name === 'navigationStart' && e.args?.data?.documentLoaderURL?.startsWith('http'),
  );
  if (!navigation) return undefined;
  const from = navigation.ts;
  const to = from + measured.shown * 1000;
  const sampled = profileAreas(profile, from, to, distDir);
  const items: Record<string, number> = { ...traceItems(events, from, to), ...sampled.areas };
  const timeline: ColdStartTrace['timeline'] = [
    ...inPage.log,
    ...inPage.marks,
    ...inPage.resources.map((r) => ({
      at: r.at,
      end: r.end,
      what: `${r.type} ${new URL(r.name).pathname.split('/').pop() || '/'}`,
    })),
    { at: measured.shown, what: 'SHOWN: sidebar and last chat on screen' },
  ].sort((a, b) => a.at - b.at);
  for (const entry of timeline) {
    if (entry.at > measured.shown) continue;
    const key = `started before shown: ${entry.what.replace(/-[\w-]{8}\.js$/, '.js')}`;
    items[key] = (items[key] ?? 0) + 1;
  }
  return { shown: measured.shown, items, functions: sampled.functions, timeline };
}

/** The medians of each item across runs, biggest first, and the last run's timeline, for the console. */
export function describeColdStartTraces(traces: readonly ColdStartTrace[]): string {
  const keys = new Set(traces.flatMap((trace) => Object.keys(trace.items)));
  const medianOf = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.floor((sorted.length - 1) / 2)] ?? 0;
  };
  const rows = [...keys]
    .map((key) => ({ key, value: medianOf(traces.map((trace) => trace.items[key] ?? 0)) }))
    .filter((row) => row.value >= 0.5)
    .sort(
      (a, b) =>
        Number(a.key.startsWith('started')) - Number(b.key.startsWith('started')) || b.value - a.value,
    );
  const lines = [
    `  cold start trace: medians of ${traces.length} run(s), from navigation start to shown (median ${medianOf(traces.map((t) => t.shown)).toFixed(0)} ms)`,
  ];
  for (const row of rows)
    lines.push(
      row.key.startsWith('started')
        ? `    ${row.key} (x${row.value})`
        : `    ${row.value.toFixed(1).padStart(7)} ms  ${row.key}`,
    );
  const functions = new Set(traces.flatMap((trace) => Object.keys(trace.functions)));
  lines.push('  our functions nearest the samples (median ms, top 20):');
  for (const row of [...functions]
    .map((key) => ({ key, value: medianOf(traces.map((trace) => trace.functions[key] ?? 0)) }))
    .sort((a, b) => b.value - a.value)
    .slice(0, 20))
    lines.push(`    ${row.value.toFixed(1).padStart(7)} ms  ${row.key}`);
  const last = traces.at(-1);
  if (last) {
    lines.push('  timeline of the last run (ms from navigation start; up to 1.5 s after shown):');
    for (const entry of last.timeline) {
      if (entry.at > last.shown + 1500) continue;
      const span = entry.end !== undefined ? `-${entry.end.toFixed(0).padStart(5)}` : '      ';
      lines.push(`    ${entry.at.toFixed(0).padStart(5)}${span}  ${entry.what}`);
    }
  }
  return lines.join('\n');
}
