/** Nearest-rank percentile (p in 0..100) of a list of samples; NaN for an empty list. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.ceil((Math.min(Math.max(p, 0), 100) / 100) * sorted.length);
  return sorted[Math.max(rank - 1, 0)]!;
}

export function median(samples: readonly number[]): number {
  return percentile(samples, 50);
}

export function mean(samples: readonly number[]): number {
  if (samples.length === 0) return Number.NaN;
  return samples.reduce((sum, value) => sum + value, 0) / samples.length;
}

/** Rounds for display: 3 significant decimals below 10, 1 below 1000, none above. */
export function roundForDisplay(value: number): number {
  if (!Number.isFinite(value)) return value;
  const abs = Math.abs(value);
  const digits = abs < 10 ? 3 : abs < 1000 ? 1 : 0;
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
