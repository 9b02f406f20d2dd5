import { strFromU8 } from 'fflate';
import { JsonArraySplitter } from '@parley/core/import';

/** UTF-8 bytes to text without the 512 MB string limit some engines put on TextDecoder. */
const decode = (bytes: Uint8Array) => strFromU8(bytes);

const SLICE = 1 << 20;

/**
 * JSON.parse of UTF-8 bytes, with the same result and the same refusals. A file whose top level is an
 * array is split by the streaming reader's splitter (decision 0077) and parsed one element at a time:
 * the whole file never becomes one string, so an export past the engine's string limit (about
 * 512 MB) still reads, and the peak memory drops by the size of the file. Bytes that are not JSON
 * throw a SyntaxError as JSON.parse would.
 */
export function parseJsonBytes(bytes: Uint8Array): unknown {
  const splitter = new JsonArraySplitter();
  const elements: unknown[] = [];
  for (let at = 0; at < bytes.length; at += SLICE) {
    for (const text of splitter.push(bytes.subarray(at, at + SLICE))) elements.push(JSON.parse(text));
    if (splitter.isArray === false) return JSON.parse(decode(bytes));
  }
  splitter.end();
  return elements;
}
