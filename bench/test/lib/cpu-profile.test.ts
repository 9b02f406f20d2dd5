import { describe, expect, it } from 'vitest';
import { describeWindows, firstSampleOf, functionsBetween, type CpuProfile } from '../../lib/cpu-profile';

const frame = (functionName: string) => ({ functionName, url: '', lineNumber: 0, columnNumber: 0 });

/** root > idle; root > task > leafA; root > task > leafB; root > gc */
const profile = (samples: number[], deltaMs: number): CpuProfile => ({
  nodes: [
    { id: 1, callFrame: frame('(root)'), children: [2, 3, 6] },
    { id: 2, callFrame: frame('(idle)') },
    { id: 3, callFrame: frame('task'), children: [4, 5] },
    { id: 4, callFrame: frame('leafA') },
    { id: 5, callFrame: frame('leafB') },
    { id: 6, callFrame: frame('(garbage collector)') },
  ],
  samples,
  timeDeltas: samples.map(() => deltaMs * 1000),
});

describe('windows of a CPU profile', () => {
  it('charges time to the functions on the stack, idle left out, and reports it', () => {
    // 2 idle, 6 busy (A A A B B gc), 1 idle, 2 busy (A A), 1 idle: at 10 ms a sample.
    const window = functionsBetween(profile([2, 2, 4, 4, 4, 5, 5, 6, 2, 4, 4, 2], 10), 0, 90);
    expect(window).toMatchObject({ startMs: 0, durationMs: 60 });
    expect(window.functions).toEqual([
      { name: 'task', totalMs: 50, selfMs: 0 },
      { name: 'leafA', totalMs: 30, selfMs: 30 },
      { name: 'leafB', totalMs: 20, selfMs: 20 },
      { name: '(garbage collector)', totalMs: 10, selfMs: 10 },
    ]);
    expect(describeWindows('import', [window])).toContain('60 ms busy at 0 ms');
    expect(functionsBetween(profile([2, 2, 4, 2], 10), 0, 20).functions).toEqual([]);
  });

  it('summarises only the samples inside a window located by another clock, idle left out', () => {
    // At 10 ms a sample: idle, A, A, B, idle, A, gc. The window [10, 40) holds A A B.
    const window = functionsBetween(profile([2, 4, 4, 5, 2, 4, 6], 10), 10, 40);
    expect(window).toMatchObject({ startMs: 10, durationMs: 30 });
    expect(window.functions).toEqual([
      { name: 'task', totalMs: 30, selfMs: 0 },
      { name: 'leafA', totalMs: 20, selfMs: 20 },
      { name: 'leafB', totalMs: 10, selfMs: 10 },
    ]);
  });

  it('finds when the first sample inside a named function was taken', () => {
    expect(firstSampleOf(profile([2, 2, 5, 4, 5], 10), 'leafA')).toBe(30);
    expect(firstSampleOf(profile([2, 2, 5, 4, 5], 10), 'task')).toBe(20);
    expect(firstSampleOf(profile([2, 2], 10), 'task')).toBe(0);
  });
});
