import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import type { Page } from 'playwright-core';

/** One script that ran in a long animation frame (the Long Animation Frames API's attribution). */
export type FrameScript = {
  invoker: string;
  sourceURL: string;
  sourceFunctionName: string;
  sourceCharPosition: number;
  durationMs: number;
  forcedLayoutMs: number;
};

/** A frame that kept the main thread busy past the budget, and what ran in it. */
export type LongFrame = {
  startMs: number;
  durationMs: number;
  blockingMs: number;
  /** Style, layout and paint at the frame's end. */
  renderMs: number;
  scripts: FrameScript[];
};

/**
 * Records every animation frame longer than `minMs` in the page from now on, with the scripts that ran in it:
 * unlike the Long Tasks API, the entries say which function was called and by what.
 */
export async function watchLongFrames(page: Page, minMs = 50): Promise<() => Promise<LongFrame[]>> {
  await page.evaluate((min) => {
    const w = window as unknown as { __longFrames: unknown[] };
    w.__longFrames = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as {
        startTime: number;
        duration: number;
        blockingDuration: number;
        renderStart: number;
        scripts: {
          invoker: string;
          sourceURL: string;
          sourceFunctionName: string;
          sourceCharPosition: number;
          duration: number;
          forcedStyleAndLayoutDuration: number;
        }[];
      }[]) {
        if (entry.duration <= min) continue;
        w.__longFrames.push({
          startMs: entry.startTime,
          durationMs: entry.duration,
          blockingMs: entry.blockingDuration,
          renderMs: entry.renderStart ? entry.startTime + entry.duration - entry.renderStart : 0,
          scripts: entry.scripts.map((script) => ({
            invoker: script.invoker,
            sourceURL: script.sourceURL,
            sourceFunctionName: script.sourceFunctionName,
            sourceCharPosition: script.sourceCharPosition,
            durationMs: script.duration,
            forcedLayoutMs: script.forcedStyleAndLayoutDuration,
          })),
        });
      }
    }).observe({ type: 'long-animation-frame', buffered: false });
  }, minMs);
  return () =>
    page.evaluate(() => {
      const w = window as unknown as { __longFrames: LongFrame[] };
      const frames = w.__longFrames;
      w.__longFrames = [];
      return frames;
    });
}

/**
 * Names a script's entry point by its source, through the `.map` the build writes next to each chunk:
 * `onmessage src/features/x.ts:12`.
 */
function sourceNamer(distDir: string): (script: FrameScript) => string {
  const chunks = new Map<string, { text: string; map: TraceMap } | null>();
  const chunkOf = (file: string) => {
    if (!chunks.has(file)) {
      const js = path.join(distDir, 'assets', file);
      chunks.set(
        file,
        existsSync(js) && existsSync(`${js}.map`)
          ? { text: readFileSync(js, 'utf8'), map: new TraceMap(readFileSync(`${js}.map`, 'utf8')) }
          : null,
      );
    }
    return chunks.get(file)!;
  };
  return (script) => {
    const file = script.sourceURL.split('/').pop() ?? '';
    const fallback = `${script.sourceFunctionName || '(anonymous)'} ${file}`;
    const chunk = file.endsWith('.js') && script.sourceCharPosition >= 0 ? chunkOf(file) : null;
    if (!chunk) return fallback;
    const before = chunk.text.slice(0, script.sourceCharPosition);
    const line = before.split('\n').length;
    const column = script.sourceCharPosition - (before.lastIndexOf('\n') + 1);
    const at = originalPositionFor(chunk.map, { line, column });
    if (!at.source) return fallback;
    const source = at.source.replace(/^(\.\.\/)+/, '').replace(/^node_modules\//, '~/');
    return `${script.sourceFunctionName || at.name || '(anonymous)'} ${source}:${at.line}`;
  };
}

/** A readable report of the long frames, for the console. */
export function describeLongFrames(label: string, frames: readonly LongFrame[], distDir: string): string {
  const name = sourceNamer(distDir);
  const lines = [`${label}: ${frames.length} long animation frame(s)`];
  for (const frame of frames) {
    lines.push(
      `  ${Math.round(frame.durationMs)} ms at ${Math.round(frame.startMs)} ms ` +
        `(blocking ${Math.round(frame.blockingMs)}, render ${Math.round(frame.renderMs)})`,
    );
    for (const script of [...frame.scripts].sort((a, b) => b.durationMs - a.durationMs))
      lines.push(
        `    ${String(Math.round(script.durationMs)).padStart(5)} ms  ${script.invoker}  →  ${name(script)}` +
          (script.forcedLayoutMs >= 1 ? ` (forced layout ${Math.round(script.forcedLayoutMs)} ms)` : ''),
      );
  }
  return lines.join('\n');
}
