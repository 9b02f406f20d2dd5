/**
 * JSON text with object keys sorted at every depth, so two equal values always serialise to the
 * same text whatever order their keys were written in. Merge uses it to compare records and to
 * break updatedAt ties the same way on every device (MG8); like JSON.stringify it drops undefined
 * members and functions.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value)) ?? 'null';
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== 'object') return value;
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return value;
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) {
    const member = (value as Record<string, unknown>)[key];
    if (member !== undefined && typeof member !== 'function') sorted[key] = sortKeys(member);
  }
  return sorted;
}

/** True when both values serialise to the same canonical JSON. */
export function sameJson(a: unknown, b: unknown): boolean {
  return a === b || canonicalJson(a) === canonicalJson(b);
}
