/**
 * One number a benchmark measured. Benchmarks print numbers; they never fail a build.
 * `target` is the budget from the issue; `better` says which side of it passes.
 */
export type BenchResult = {
  /** What was measured, e.g. "first-load JS+CSS (gzip)". */
  measure: string;
  value: number;
  /** Unit shown after the value: "kB", "ms", "MB/s", "events/s"... */
  unit: string;
  /** Budget; omitted for numbers that are informative only. */
  target?: number;
  /** 'lower' (default): value <= target passes. 'higher': value >= target passes. */
  better?: 'lower' | 'higher';
  /** A short remark printed after the row (how it was measured, the aim...). */
  note?: string;
};

/** The shape every `bench/<name>.ts` module default-exports. */
export type BenchModule = { default: () => Promise<BenchResult[]> };

export type BenchVerdict = 'pass' | 'short' | '';

export function verdict(result: BenchResult): BenchVerdict {
  if (result.target === undefined) return '';
  const passes = result.better === 'higher' ? result.value >= result.target : result.value <= result.target;
  return passes ? 'pass' : 'short';
}
