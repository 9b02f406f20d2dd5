import { strFromU8 } from 'fflate';

const SPACE = 0x20;
const TAB = 0x09;
const LF = 0x0a;
const CR = 0x0d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const BOM = [0xef, 0xbb, 0xbf];

const isSpace = (byte: number) => byte === SPACE || byte === LF || byte === CR || byte === TAB;

/** UTF-8 bytes to text without the 512 MB string limit some engines put on TextDecoder. */
const decode = (bytes: Uint8Array) => strFromU8(bytes);

function skipSpace(bytes: Uint8Array, at: number): number {
  while (at < bytes.length && isSpace(bytes[at]!)) at++;
  return at;
}

/**
 * The end (exclusive) of the array element that starts at `start`: the comma or closing bracket
 * that follows it at the array's own depth. Strings are stepped over (a bracket or comma inside one
 * is text); UTF-8 continuation bytes are all >= 0x80, so they never look like structure. Returns -1
 * when the bytes end first.
 */
function elementEnd(bytes: Uint8Array, start: number): number {
  let depth = 0;
  for (let at = start; at < bytes.length; at++) {
    const byte = bytes[at]!;
    if (byte === QUOTE) {
      for (at++; at < bytes.length; at++) {
        const inner = bytes[at]!;
        if (inner === BACKSLASH) at++;
        else if (inner === QUOTE) break;
      }
    } else if (byte === OPEN_ARRAY || byte === OPEN_OBJECT) depth++;
    else if (byte === CLOSE_ARRAY || byte === CLOSE_OBJECT) {
      if (depth === 0) return at;
      depth--;
    } else if (byte === COMMA && depth === 0) return at;
  }
  return -1;
}

/**
 * JSON.parse of UTF-8 bytes, with the same result and the same refusals. A file whose top level is an
 * array (ChatGPT's and Claude's conversations.json, Open WebUI's export) is parsed one element at a
 * time: the whole file never becomes one string, so an export past the engine's string limit
 * (about 512 MB) still reads, and the peak memory of a 100 MB file drops by the size of the file.
 * Every element still goes through JSON.parse, and the separators between them are checked here,
 * so bytes that are not JSON throw a SyntaxError as JSON.parse would.
 */
export function parseJsonBytes(bytes: Uint8Array): unknown {
  let at = bytes.length >= 3 && BOM.every((byte, i) => bytes[i] === byte) ? 3 : 0;
  at = skipSpace(bytes, at);
  if (bytes[at] !== OPEN_ARRAY) return JSON.parse(decode(bytes));
  const elements: unknown[] = [];
  at = skipSpace(bytes, at + 1);
  if (bytes[at] === CLOSE_ARRAY) return finish(bytes, at, elements);
  for (;;) {
    const end = elementEnd(bytes, at);
    if (end < 0) throw new SyntaxError('Unexpected end of JSON input');
    // JSON.parse refuses an empty or partial element, which is how "[1,,2]" and "[1 2]" fail.
    elements.push(JSON.parse(decode(bytes.subarray(at, end))));
    if (bytes[end] === CLOSE_ARRAY) return finish(bytes, end, elements);
    if (bytes[end] !== COMMA) throw new SyntaxError(`Unexpected token in JSON at position ${end}`);
    at = skipSpace(bytes, end + 1);
    if (bytes[at] === CLOSE_ARRAY) throw new SyntaxError(`Unexpected token ] in JSON at position ${at}`);
  }
}

/** After the closing bracket only white space may follow. */
function finish(bytes: Uint8Array, closeAt: number, elements: unknown[]): unknown[] {
  const rest = skipSpace(bytes, closeAt + 1);
  if (rest !== bytes.length)
    throw new SyntaxError(`Unexpected non-whitespace after JSON at position ${rest}`);
  return elements;
}
