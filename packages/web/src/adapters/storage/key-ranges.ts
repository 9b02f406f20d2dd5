/**
 * Every string key that starts with `prefix`: from the prefix itself up to (not including) the prefix
 * with its last code unit raised by one, in IndexedDB's code-unit order.
 */
export function prefixRange(prefix: string): IDBKeyRange {
  const last = prefix.charCodeAt(prefix.length - 1);
  if (prefix === '' || last === 0xffff)
    throw new Error(`no key range for the prefix ${JSON.stringify(prefix)}`);
  return IDBKeyRange.bound(prefix, prefix.slice(0, -1) + String.fromCharCode(last + 1), false, true);
}
