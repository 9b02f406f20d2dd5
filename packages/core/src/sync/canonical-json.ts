/**
 * JSON text with object keys sorted at every depth, so two equal values always serialise to the
 * same text whatever order their keys were written in. Merge uses it to break updatedAt ties the
 * same way on every device (MG8) and the server stores records in it. Like JSON.stringify it
 * drops undefined members and functions (and writes them as null inside arrays). Written directly
 * rather than by copying the value with sorted keys: records are large and this runs on every sync.
 */
export function canonicalJson(value: unknown): string {
  return write(value) ?? 'null';
}

function write(value: unknown): string | undefined {
  if (value === null || typeof value !== 'object') {
    return typeof value === 'function' ? undefined : (JSON.stringify(value) as string | undefined);
  }
  if (Array.isArray(value)) return `[${value.map((element) => write(element) ?? 'null').join(',')}]`;
  const withToJson = value as { toJSON?: () => unknown };
  if (typeof withToJson.toJSON === 'function') return write(withToJson.toJSON());
  const record = value as Record<string, unknown>;
  const members: string[] = [];
  for (const key of Object.keys(record).sort()) {
    const text = write(record[key]);
    if (text !== undefined) members.push(`${JSON.stringify(key)}:${text}`);
  }
  return `{${members.join(',')}}`;
}

/**
 * True when both values serialise to the same canonical JSON, found by walking them side by side
 * (no text is built, and the walk stops at the first difference).
 */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) {
    return typeof a === 'number' && typeof b === 'number'
      ? !Number.isFinite(a) && !Number.isFinite(b)
      : false;
  }
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const other = b as unknown[];
    if (a.length !== other.length) return false;
    for (let index = 0; index < a.length; index += 1) {
      if (!sameArrayElement(a[index], other[index])) return false;
    }
    return true;
  }
  if (
    typeof (a as { toJSON?: unknown }).toJSON === 'function' ||
    typeof (b as { toJSON?: unknown }).toJSON === 'function'
  ) {
    return canonicalJson(a) === canonicalJson(b);
  }
  // Own enumerable keys (as Object.keys lists them) walked without building key lists: this runs
  // on every object of two whole chats in each sync, and the lists were most of its garbage.
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  let rightMembers = 0;
  for (const key in right) if (Object.hasOwn(right, key) && isPresent(right[key])) rightMembers += 1;
  let leftMembers = 0;
  for (const key in left) {
    if (!Object.hasOwn(left, key)) continue;
    const value = left[key];
    if (!isPresent(value)) continue;
    leftMembers += 1;
    if (leftMembers > rightMembers || !Object.hasOwn(right, key) || !sameJson(value, right[key]))
      return false;
  }
  return leftMembers === rightMembers;
}

/** A member JSON.stringify writes (undefined and functions are left out). */
function isPresent(value: unknown): boolean {
  return value !== undefined && typeof value !== 'function';
}

/** Inside arrays, undefined and functions are written as null. */
function sameArrayElement(a: unknown, b: unknown): boolean {
  return sameJson(isPresent(a) ? a : null, isPresent(b) ? b : null);
}
