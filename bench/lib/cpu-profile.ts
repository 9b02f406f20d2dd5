import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import type { Page } from 'playwright-core';

/** The parts of a DevTools `.cpuprofile` (CDP `Profiler.Profile`) read here. */
export type CpuProfile = {
  nodes: {
    id: number;
    parent?: number;
    children?: number[];
    callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  }[];
  samples: number[];
  timeDeltas: number[];
};

/** A stretch of the profile (a long task or frame located by the page's clock) and what ran in it. */
export type ProfileWindow = {
  /** Milliseconds from the start of the profile. */
  startMs: number;
  /** Busy (not idle) time sampled in it. */
  durationMs: number;
  /** The functions that ran longest in it (time inside them, and in them alone), heaviest first. */
  functions: { name: string; totalMs: number; selfMs: number }[];
};

const IDLE = '(idle)';

type FrameNamer = (frame: CpuProfile['nodes'][number]['callFrame']) => string;

/** Charges sampled time to the functions on each sample's stack: the heaviest `top`, with their self time. */
function heaviest(
  profile: CpuProfile,
  samples: ReadonlyMap<number, number>,
  name: FrameNamer,
  top: number,
): ProfileWindow['functions'] {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const total = new Map<string, number>();
  const self = new Map<string, number>();
  for (const [id, ms] of samples) {
    const frames: string[] = [];
    for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) {
      const frame = byId.get(at)!.callFrame;
      if (frame.functionName !== '(root)') frames.unshift(name(frame));
    }
    const leaf = frames.at(-1) ?? '(root)';
    self.set(leaf, (self.get(leaf) ?? 0) + ms);
    for (const frame of new Set(frames)) total.set(frame, (total.get(frame) ?? 0) + ms);
  }
  return [...total.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([frame, ms]) => ({
      name: frame,
      totalMs: Math.round(ms),
      selfMs: Math.round(self.get(frame) ?? 0),
    }));
}

/** Calls `visit` with each sample's node, its time and the clock (ms from the profile's start) at its start. */
function eachSample(profile: CpuProfile, visit: (id: number, ms: number, atMs: number) => void): void {
  let clock = 0;
  profile.samples.forEach((id, index) => {
    // A sample's delta is the time since the previous one: that time is charged to this sample.
    const ms = (profile.timeDeltas[index] ?? 0) / 1000;
    clock += ms;
    visit(id, ms, clock - ms);
  });
}

/**
 * What ran between `fromMs` and `toMs` (from the profile's start; idle samples left out): for a long task or
 * frame that another clock located, such as the Long Animation Frames API's.
 */
export function functionsBetween(
  profile: CpuProfile,
  fromMs: number,
  toMs: number,
  name: FrameNamer = frameName,
  topFunctions = 12,
): ProfileWindow {
  const idle = new Set(
    profile.nodes.filter((node) => node.callFrame.functionName === IDLE).map((node) => node.id),
  );
  const samples = new Map<number, number>();
  let busyMs = 0;
  eachSample(profile, (id, ms, atMs) => {
    if (atMs < fromMs || atMs >= toMs || idle.has(id)) return;
    busyMs += ms;
    samples.set(id, (samples.get(id) ?? 0) + ms);
  });
  return {
    startMs: Math.round(fromMs),
    durationMs: Math.round(busyMs),
    functions: heaviest(profile, samples, name, topFunctions),
  };
}

/** When (ms from the profile's start) the first sample inside a function of this name was taken; 0 if none was. */
export function firstSampleOf(profile: CpuProfile, functionName: string): number {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const inside = (id: number): boolean => {
    for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at))
      if (byId.get(at)?.callFrame.functionName === functionName) return true;
    return false;
  };
  let found: number | undefined;
  eachSample(profile, (id, _ms, atMs) => {
    if (found === undefined && inside(id)) found = atMs;
  });
  return found ?? 0;
}

function frameName(frame: CpuProfile['nodes'][number]['callFrame']): string {
  const file = frame.url ? frame.url.split('/').pop() : '';
  return `${frame.functionName || '(anonymous)'}${file ? ` ${file}:${frame.lineNumber + 1}` : ''}`;
}

type CallFrame = CpuProfile['nodes'][number]['callFrame'];

const WEB_PACKAGE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../packages/web');

/**
 * Where frames of the built app come from, by its source maps (the build writes `.map` files next to
 * its chunks); undefined for frames of other scripts. Each map is read once.
 */
export function sourcePositions(
  distDir: string,
): (frame: CallFrame) => { source: string; name: string | null; line: number } | undefined {
  const maps = new Map<string, TraceMap | null>();
  const mapOf = (file: string) => {
    if (!maps.has(file)) {
      const mapFile = path.join(distDir, 'assets', `${file}.map`);
      maps.set(file, existsSync(mapFile) ? new TraceMap(readFileSync(mapFile, 'utf8')) : null);
    }
    return maps.get(file)!;
  };
  return (frame) => {
    const file = frame.url.split('/').pop() ?? '';
    const map = file.endsWith('.js') ? mapOf(file) : null;
    if (!map) return undefined;
    const at = originalPositionFor(map, { line: frame.lineNumber + 1, column: frame.columnNumber });
    if (!at.source) return undefined;
    // Named from the web package (`src/...`, `core/src/...`, `~/react-dom/...`) wherever the build was
    // written and from whichever checkout (a build outside the tree maps to `../../../work/main/...`,
    // one of a worktree elsewhere to its own packages).
    const absolute = path.resolve(distDir, 'assets', at.source);
    const inModules = absolute.lastIndexOf('/node_modules/');
    const inPackages = absolute.lastIndexOf('/packages/');
    const source =
      inModules >= 0
        ? `~/${absolute.slice(inModules + '/node_modules/'.length)}`
        : inPackages >= 0
          ? absolute.slice(inPackages + '/packages/'.length).replace(/^web\//, '')
          : path.relative(WEB_PACKAGE, absolute).replace(/^(\.\.\/)+/, '');
    return { source, name: at.name, line: at.line ?? 0 };
  };
}

/** Names frames of the built app by their source: `fn src/features/x.ts:12`. Other frames keep their own name. */
export function sourceMappedNames(distDir: string): FrameNamer {
  const positionOf = sourcePositions(distDir);
  return (frame) => {
    const at = positionOf(frame);
    return at
      ? `${at.name ?? frame.functionName ?? '(anonymous)'} ${at.source}:${at.line}`
      : frameName(frame);
  };
}

/** A readable report of the windows, for the console. */
export function describeWindows(label: string, windows: readonly ProfileWindow[]): string {
  const lines = [`${label}: ${windows.length} window(s)`];
  for (const window of windows) {
    lines.push(`  ${window.durationMs} ms busy at ${window.startMs} ms`);
    for (const fn of window.functions)
      lines.push(
        `    ${String(fn.totalMs).padStart(5)} ms total ${String(fn.selfMs).padStart(5)} ms self  ${fn.name}`,
      );
  }
  return lines.join('\n');
}

/** A page's main-thread CPU profile, and the page clock (performance.now()) at the profile's start. */
export type PageProfile = { profile: CpuProfile; pageStartMs: number };

/**
 * Starts the main thread's CPU profile of `page`; the returned `stop` ends it, writes it to `file`
 * (open it in DevTools) and returns it with the page clock at its start.
 */
export async function startPageProfile(page: Page, file: string): Promise<() => Promise<PageProfile>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
  await cdp.send('Profiler.start');
  // A few milliseconds of a function with a known name, at a known page time: where its first sample sits
  // ties the profile's clock to the page's (performance.now()), which long tasks and frames are timed by.
  // (A string: the TypeScript loader would wrap a named function in a helper the page lacks.)
  const markedAtMs = await page.evaluate<number>(`(() => {
    const at = performance.now();
    (function benchClockMark() {
      while (performance.now() < at + 5);
    })();
    return at;
  })()`);
  return async () => {
    const { profile } = await cdp.send('Profiler.stop');
    await cdp.detach();
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify(profile));
    const cpuProfile = profile as CpuProfile;
    return { profile: cpuProfile, pageStartMs: markedAtMs - firstSampleOf(cpuProfile, 'benchClockMark') };
  };
}
