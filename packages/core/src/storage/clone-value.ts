/**
 * Deep copy of a stored value (plain objects, arrays, byte arrays, primitives), so callers of the
 * in-memory engine can never mutate what is stored, just as with a real database.
 */
export function cloneValue<T>(value: T): T {
  if (value instanceof Uint8Array) return new Uint8Array(value) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => cloneValue(item)) as T;
  if (typeof value === 'object' && value !== null) {
    const copy: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      if (item !== undefined) copy[key] = cloneValue(item);
    }
    return copy as T;
  }
  return value;
}
