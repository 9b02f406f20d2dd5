import {
  BACKSLASH,
  BOM,
  CLOSE_ARRAY,
  CLOSE_OBJECT,
  COMMA,
  isSpace,
  joinBytes,
  OPEN_ARRAY,
  OPEN_OBJECT,
  QUOTE,
} from './json-bytes';

/**
 * Where the splitter is in the file: before the opening bracket (a BOM and white space may come
 * first), before an element (right after `[`, or after a comma), inside one, after the closing
 * bracket, or in a file whose top level is not an array (which it leaves alone).
 */
type Phase = 'start' | 'first' | 'next' | 'element' | 'done' | 'notArray';

/**
 * Splits UTF-8 bytes of a JSON array, in chunks cut anywhere, into the texts of its top-level
 * elements, each handed out as soon as the comma or bracket after it arrives (decision 0077). Only
 * the bytes of the element being read are held. Strings are stepped over (a bracket or comma inside
 * one is text, `\"` does not end it), and an element's bytes are decoded only once it is whole, so a
 * character split across chunks is never cut (UTF-8 continuation bytes are all >= 0x80 and never
 * look like structure). The element texts still go through JSON.parse, and the separators are
 * checked here, so input that is not JSON throws a SyntaxError as JSON.parse would.
 */
export class JsonArraySplitter {
  private phase: Phase = 'start';
  private bomSeen = 0;
  private depth = 0;
  private inString = false;
  private escaped = false;
  /** Bytes of the current element from earlier chunks. */
  private pending: Uint8Array[] = [];
  private offset = 0;
  private readonly decoder = new TextDecoder('utf-8', { fatal: false });

  /** False once the first bytes show the top level is not an array; true once they show it is. */
  get isArray(): boolean | undefined {
    return this.phase === 'start' ? undefined : this.phase !== 'notArray';
  }

  /** The texts of the elements this chunk completed, in order. */
  push(chunk: Uint8Array): string[] {
    const out: string[] = [];
    let start = this.phase === 'element' ? 0 : -1;
    for (let at = 0; at < chunk.length; at++) {
      const byte = chunk[at]!;
      if (this.phase === 'element') {
        if (this.inString) {
          if (this.escaped) this.escaped = false;
          else if (byte === BACKSLASH) this.escaped = true;
          else if (byte === QUOTE) this.inString = false;
          continue;
        }
        if (byte === QUOTE) this.inString = true;
        else if (byte === OPEN_ARRAY || byte === OPEN_OBJECT) this.depth++;
        else if (byte === CLOSE_OBJECT || (byte === CLOSE_ARRAY && this.depth > 0)) {
          if (this.depth === 0) this.fail(at);
          this.depth--;
        } else if (this.depth === 0 && (byte === COMMA || byte === CLOSE_ARRAY)) {
          out.push(this.take(chunk, start, at));
          start = -1;
          this.phase = byte === COMMA ? 'next' : 'done';
        }
        continue;
      }
      switch (this.phase) {
        case 'start':
          if (this.bomSeen < 3 && at + this.offset === this.bomSeen && byte === BOM[this.bomSeen]) {
            this.bomSeen++;
            continue;
          }
          if (this.bomSeen > 0 && this.bomSeen < 3) this.fail(at);
          if (isSpace(byte)) continue;
          if (byte !== OPEN_ARRAY) {
            this.phase = 'notArray';
            this.offset += chunk.length;
            return out;
          }
          this.phase = 'first';
          continue;
        case 'first':
        case 'next':
          if (isSpace(byte)) continue;
          if (byte === CLOSE_ARRAY && this.phase === 'first') {
            this.phase = 'done';
            continue;
          }
          // An element starts here; a comma or bracket right away is an empty element, which the
          // JSON.parse of its text refuses ("[1,,2]", "[1,]").
          this.phase = 'element';
          start = at;
          at--;
          continue;
        case 'done':
          if (!isSpace(byte)) this.fail(at);
          continue;
        case 'notArray':
          this.offset += chunk.length;
          return out;
      }
    }
    if (this.phase === 'element') this.pending.push(chunk.slice(Math.max(start, 0)));
    this.offset += chunk.length;
    return out;
  }

  /** At the end of the input: throws when the array is not closed (a truncated file). */
  end(): void {
    if (this.phase !== 'done' && this.phase !== 'notArray')
      throw new SyntaxError('Unexpected end of JSON input');
  }

  private take(chunk: Uint8Array, start: number, end: number): string {
    const bytes = joinBytes(this.pending, chunk.subarray(Math.max(start, 0), end));
    this.pending = [];
    const text = this.decoder.decode(bytes);
    // JSON.parse would refuse an empty element with a message of its own; say where it is.
    if (text.trim() === '') this.fail(end);
    return text;
  }

  private fail(at: number): never {
    throw new SyntaxError(`Unexpected token in JSON at position ${this.offset + at}`);
  }
}

/**
 * The elements of a JSON array read from a stream of byte chunks, each parsed as soon as it is
 * whole. Yields nothing for a top level that is not an array (`splitter.isArray` says which).
 */
export async function* parseJsonArrayStream(
  chunks: AsyncIterable<Uint8Array>,
  splitter = new JsonArraySplitter(),
): AsyncGenerator<unknown> {
  for await (const chunk of chunks) {
    for (const text of splitter.push(chunk)) yield JSON.parse(text) as unknown;
    if (splitter.isArray === false) return;
  }
  splitter.end();
}
