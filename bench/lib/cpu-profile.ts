import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';

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

/** A stretch of main-thread work with no idle sample in it: what a long task looks like in a profile. */
export type BusyStretch = {
  /** Milliseconds from the start of the profile. */
  startMs: number;
  durationMs: number;
  /** The functions that ran longest in it (time inside them, and in them alone), heaviest first. */
  functions: { name: string; totalMs: number; selfMs: number }[];
};

const IDLE = '(idle)';

/**
 * Cuts the profile into busy stretches (consecutive non-idle samples) and keeps those of at least
 * `minMs`, each with the functions it spent its time in. Tasks that follow each other with no idle sample between
 * them count as one stretch, which is what a user feels anyway.
 */
export function busyStretches(
  profile: CpuProfile,
  minMs: number,
  name: (frame: CpuProfile['nodes'][number]['callFrame']) => string = frameName,
  topFunctions = 12,
): BusyStretch[] {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const stackOf = (id: number): string[] => {
    const frames: string[] = [];
    for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) {
      const frame = byId.get(at)!.callFrame;
      if (frame.functionName !== '(root)') frames.unshift(name(frame));
    }
    return frames;
  };
  const stretches: BusyStretch[] = [];
  let clock = 0;
  let open: { startMs: number; ms: number; samples: Map<number, number> } | null = null;
  const close = () => {
    if (open && open.ms >= minMs) {
      const total = new Map<string, number>();
      const self = new Map<string, number>();
      for (const [id, ms] of open.samples) {
        const frames = stackOf(id);
        const leaf = frames.at(-1) ?? '(root)';
        self.set(leaf, (self.get(leaf) ?? 0) + ms);
        for (const frame of new Set(frames)) total.set(frame, (total.get(frame) ?? 0) + ms);
      }
      stretches.push({
        startMs: Math.round(open.startMs),
        durationMs: Math.round(open.ms),
        functions: [...total.entries()]
          .sort((a, b) => b[1] - a[1])
          .slice(0, topFunctions)
          .map(([frame, ms]) => ({
            name: frame,
            totalMs: Math.round(ms),
            selfMs: Math.round(self.get(frame) ?? 0),
          })),
      });
    }
    open = null;
  };
  profile.samples.forEach((id, index) => {
    // A sample's delta is the time since the previous one: that time is charged to this sample.
    const ms = (profile.timeDeltas[index] ?? 0) / 1000;
    clock += ms;
    if (byId.get(id)?.callFrame.functionName === IDLE) return close();
    open ??= { startMs: clock - ms, ms: 0, samples: new Map() };
    open.ms += ms;
    open.samples.set(id, (open.samples.get(id) ?? 0) + ms);
  });
  close();
  return stretches;
}

function frameName(frame: CpuProfile['nodes'][number]['callFrame']): string {
  const file = frame.url ? frame.url.split('/').pop() : '';
  return `${frame.functionName || '(anonymous)'}${file ? ` ${file}:${frame.lineNumber + 1}` : ''}`;
}

/**
 * Names frames of the built app by their source (the build writes `.map` files next to its chunks):
 * `fn src/features/x.ts:12`. Frames of other scripts keep their own name.
 */
export function sourceMappedNames(
  distDir: string,
): (frame: CpuProfile['nodes'][number]['callFrame']) => string {
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
    if (!map) return frameName(frame);
    const at = originalPositionFor(map, { line: frame.lineNumber + 1, column: frame.columnNumber });
    if (!at.source) return frameName(frame);
    const source = at.source.replace(/^(\.\.\/)+/, '').replace(/^node_modules\//, '~/');
    return `${at.name ?? frame.functionName ?? '(anonymous)'} ${source}:${at.line}`;
  };
}

/** A readable report of the stretches, for the console. */
export function describeStretches(label: string, stretches: readonly BusyStretch[]): string {
  const lines = [`${label}: ${stretches.length} busy stretch(es)`];
  for (const stretch of stretches) {
    lines.push(`  ${stretch.durationMs} ms at ${stretch.startMs} ms`);
    for (const fn of stretch.functions)
      lines.push(
        `    ${String(fn.totalMs).padStart(5)} ms total ${String(fn.selfMs).padStart(5)} ms self  ${fn.name}`,
      );
  }
  return lines.join('\n');
}
