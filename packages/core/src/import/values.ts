/** Small readers for untrusted JSON: a wrong type gives undefined, never a throw. */
export type Obj = Record<string, unknown>;

export function isObj(value: unknown): value is Obj {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
export function str(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}
export function num(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}
export function arr(value: unknown): unknown[] | undefined {
  return Array.isArray(value) ? value : undefined;
}
export function idOf(value: unknown): string | undefined {
  if (typeof value === 'string' && value !== '') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

/** Epoch seconds (float or integer). */
export function fromSeconds(value: unknown): number | null {
  const n = num(value);
  return n === undefined ? null : Math.round(n * 1000);
}
export function fromMillis(value: unknown): number | null {
  return num(value) ?? null;
}
/** ISO strings, or anything Date.parse understands; null when it does not parse. */
export function fromDateText(value: unknown): number | null {
  if (typeof value !== 'string' || value === '') return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : ms;
}
/** Numbers below 1e11 are seconds, above are milliseconds (formats mix them). */
export function fromAnyTime(value: unknown): number | null {
  const n = num(value);
  if (n !== undefined) return n < 1e11 ? Math.round(n * 1000) : n;
  return fromDateText(value);
}
