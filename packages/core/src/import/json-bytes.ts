/** The bytes our streaming JSON splitters look at (json-array-splitter, json-path-splitter). */
const SPACE = 0x20;
const TAB = 0x09;
const LF = 0x0a;
const CR = 0x0d;
export const QUOTE = 0x22;
export const BACKSLASH = 0x5c;
export const COMMA = 0x2c;
export const OPEN_ARRAY = 0x5b;
export const CLOSE_ARRAY = 0x5d;
export const OPEN_OBJECT = 0x7b;
export const CLOSE_OBJECT = 0x7d;
export const BOM = [0xef, 0xbb, 0xbf] as const;

export const isSpace = (byte: number) => byte === SPACE || byte === LF || byte === CR || byte === TAB;

/** The bytes held back from earlier chunks, then `tail`: one array (`tail` itself when none were held). */
export function joinBytes(parts: readonly Uint8Array[], tail: Uint8Array): Uint8Array {
  if (parts.length === 0) return tail;
  const bytes = new Uint8Array(parts.reduce((sum, part) => sum + part.length, tail.length));
  let at = 0;
  for (const part of parts) {
    bytes.set(part, at);
    at += part.length;
  }
  bytes.set(tail, at);
  return bytes;
}
