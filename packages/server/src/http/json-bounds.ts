/**
 * Bounds on an untrusted JSON text, checked by one pass over the raw characters before
 * `JSON.parse` builds anything (rules JB1-JB3 in SPEC.md). The pass is iterative (a counter per
 * open container, never recursion), so no depth or length of input can exhaust the stack, and it
 * costs a few milliseconds per megabyte. It is not a JSON validator: `JSON.parse` still refuses
 * malformed text afterwards; the scan only has to see every bracket, comma and string boundary.
 */
export type JsonBounds = {
  /** Containers (arrays and objects) open at once. */
  maxDepth: number;
  /** Elements of one array, or members of one object. */
  maxItems: number;
  /** Characters between the quotes of one string (escapes counted as written). */
  maxStringLength: number;
  /** Strings, containers and separators in the whole text: roughly the values and keys it holds. */
  maxValues: number;
};

export type JsonBoundBroken = {
  bound: keyof JsonBounds;
  /** For the person reading the 400/413: which limit and its value. */
  message: string;
};

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const COMMA = 0x2c;

/** The first bound the text breaks, or undefined when it keeps all of them (or is not JSON). */
export function findBrokenJsonBound(text: string, bounds: JsonBounds): JsonBoundBroken | undefined {
  // items[d]: separators seen so far in the container open at depth d (elements = separators + 1).
  const items = new Uint32Array(bounds.maxDepth + 1);
  let depth = 0;
  let values = 0;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code === QUOTE) {
      const end = closingQuote(text, i + 1);
      if (end < 0) return undefined; // unterminated: JSON.parse refuses it
      if (end - i - 1 > bounds.maxStringLength)
        return broken('maxStringLength', `a string is longer than ${bounds.maxStringLength} characters`);
      i = end;
      values += 1;
    } else if (code === OPEN_ARRAY || code === OPEN_OBJECT) {
      depth += 1;
      if (depth > bounds.maxDepth)
        return broken('maxDepth', `the JSON nests deeper than ${bounds.maxDepth} levels`);
      items[depth] = 0;
      values += 1;
    } else if (code === CLOSE_ARRAY || code === CLOSE_OBJECT) {
      if (depth > 0) depth -= 1;
    } else if (code === COMMA) {
      values += 1;
      items[depth] = (items[depth] ?? 0) + 1;
      if ((items[depth] ?? 0) >= bounds.maxItems)
        return broken('maxItems', `a list or object has more than ${bounds.maxItems} entries`);
    } else {
      continue;
    }
    if (values > bounds.maxValues)
      return broken('maxValues', `the JSON holds more than ${bounds.maxValues} values`);
  }
  return undefined;
}

/** Index of the quote that ends the string starting at `from`, or -1. */
function closingQuote(text: string, from: number): number {
  let at = from;
  for (;;) {
    const end = text.indexOf('"', at);
    if (end < 0) return -1;
    let backslashes = 0;
    while (text.charCodeAt(end - 1 - backslashes) === BACKSLASH) backslashes += 1;
    if (backslashes % 2 === 0) return end;
    at = end + 1;
  }
}

function broken(bound: keyof JsonBounds, message: string): JsonBoundBroken {
  return { bound, message };
}

/** Small bodies: account, license and report calls. */
export const SMALL_JSON_BOUNDS: JsonBounds = {
  maxDepth: 16,
  maxItems: 1_000,
  maxStringLength: 16 * 1024,
  maxValues: 10_000,
};

/**
 * Sync bodies: a chat is about ten levels deep (chat, messages, message, parts, settings…), so 64
 * leaves room for unknown fields of other clients; 100,000 entries matches the protocol's list
 * maximum; the client sends chats in chunks of 3 MB of JSON, so 1,000,000 values is several times
 * any real request while keeping JSON.parse of one body to a few hundred MB at worst.
 */
export const SYNC_JSON_BOUNDS: JsonBounds = {
  maxDepth: 64,
  maxItems: 100_000,
  maxStringLength: 32 * 1024 * 1024,
  maxValues: 1_000_000,
};
