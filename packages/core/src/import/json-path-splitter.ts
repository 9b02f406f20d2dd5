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
/** A key longer than this (in the file's bytes) is never one of the path's short names. */
const MAX_KEY_BYTES = 256;

/** An open object or array of the document outside the streamed array. */
interface Frame {
  readonly object: boolean;
  /** This container is the value reached by the first `depth` names of the path. */
  readonly onPath: boolean;
  /** Objects: the next string is a key (right after `{` or a comma). */
  expectKey: boolean;
  /** Objects: the last key read is the path's next name. */
  keyMatches: boolean;
}

/** Where the splitter is inside the streamed array (as in JsonArraySplitter). */
type ArrayPhase = 'first' | 'next' | 'element';

/**
 * Splits UTF-8 bytes of a JSON object, in chunks cut anywhere, into the texts of the elements of
 * the array at a key path (`['data', 'chats']` for TypingMind's backup and Parley's own export) and
 * the rest of the document (import SPEC IM29, decision 0153). The elements are handed out as soon
 * as each is whole, as JsonArraySplitter does for a bare array; the rest (every byte but the
 * elements, so the array reads as `[]`) is kept as bytes and parsed once at the end: the small part
 * of such a file (folders, prompts, settings) as JSON, the large part one chat at a time.
 *
 * Only keys of the objects on the path are looked at (decoded, so `"cha\u0074s"` is `chats`); the
 * same name deeper in the document, in a sibling, or inside an element is data. Strings are stepped
 * over, so brackets and quotes inside them are text. The structure is checked by JSON.parse of the
 * rest and of each element, and the separators between elements here, so input that is not JSON
 * throws a SyntaxError. A top level that is not an object leaves everything in the rest.
 */
export class JsonPathSplitter {
  private started = false;
  private bomSeen = 0;
  private notObject = false;
  private readonly stack: Frame[] = [];
  private inString = false;
  private escaped = false;
  /** The bytes of a key being read on the path, or null (not a key, or too long to be a name). */
  private key: number[] | null = null;
  /** The array at the path is being read; its elements are not part of the rest. */
  private inArray = false;
  private arrayPhase: ArrayPhase = 'first';
  private depth = 0;
  private pending: Uint8Array[] = [];
  private offset = 0;
  private arrays = 0;
  private readonly restParts: Uint8Array[] = [];
  private headText: string | null = null;
  private readonly decoder = new TextDecoder('utf-8', { fatal: false });

  constructor(private readonly path: readonly string[]) {
    if (path.length === 0) throw new Error('the path needs at least one name');
  }

  /** False once the first bytes show the top level is not an object; true once they show it is. */
  get isObject(): boolean | undefined {
    return this.notObject ? false : this.stack.length > 0 || this.started ? true : undefined;
  }

  /** How many arrays were found at the path (more than one: a key given twice, which JSON.parse reads as the last). */
  get arraysFound(): number {
    return this.arrays;
  }

  /** True while the array at the path is being read. */
  get readingArray(): boolean {
    return this.inArray;
  }

  /** The element texts this chunk completed, in order. */
  push(chunk: Uint8Array): string[] {
    const out: string[] = [];
    let restFrom = 0;
    let elementFrom = this.inArray && this.arrayPhase === 'element' ? 0 : -1;
    for (let at = 0; at < chunk.length; at++) {
      const byte = chunk[at]!;
      if (this.inArray) {
        if (this.arrayPhase === 'element') {
          if (this.inString) {
            // Most of a chat's bytes are its text: jump to the string's end with a native search.
            at = this.stringEnd(chunk, at) - 1;
            continue;
          }
          if (byte === QUOTE) this.inString = true;
          else if (byte === OPEN_ARRAY || byte === OPEN_OBJECT) this.depth++;
          else if (byte === CLOSE_OBJECT || (byte === CLOSE_ARRAY && this.depth > 0)) {
            if (this.depth === 0) this.fail(at);
            this.depth--;
          } else if (this.depth === 0 && (byte === COMMA || byte === CLOSE_ARRAY)) {
            out.push(this.take(chunk, elementFrom, at));
            elementFrom = -1;
            if (byte === COMMA) this.arrayPhase = 'next';
            else this.closeArray(at, (from) => (restFrom = from));
          }
          continue;
        }
        if (isSpace(byte)) continue;
        if (byte === CLOSE_ARRAY && this.arrayPhase === 'first') {
          this.closeArray(at, (from) => (restFrom = from));
          continue;
        }
        // An element starts here; a comma or bracket right away is an empty element, refused.
        this.arrayPhase = 'element';
        elementFrom = at;
        at--;
        continue;
      }
      if (this.notObject) break;
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (byte === BACKSLASH) this.escaped = true;
        else if (byte === QUOTE) {
          this.inString = false;
          if (this.key) this.endKey();
          continue;
        }
        if (this.key) {
          if (this.key.length < MAX_KEY_BYTES) this.key.push(byte);
          else this.key = null;
        }
        continue;
      }
      if (!this.started) {
        if (this.bomSeen < 3 && at + this.offset === this.bomSeen && byte === BOM[this.bomSeen]) {
          this.bomSeen++;
          continue;
        }
        if (isSpace(byte)) continue;
        this.started = true;
        if (byte !== OPEN_OBJECT) {
          this.notObject = true;
          break;
        }
      }
      const top = this.stack[this.stack.length - 1];
      if (byte === QUOTE) {
        this.inString = true;
        if (top?.object && top.expectKey) {
          top.expectKey = false;
          top.keyMatches = false;
          this.key = top.onPath && this.stack.length <= this.path.length ? [] : null;
        }
      } else if (byte === COMMA) {
        if (top?.object) {
          top.expectKey = true;
          top.keyMatches = false;
        }
      } else if (byte === OPEN_OBJECT || byte === OPEN_ARRAY) {
        const onPath = top === undefined || (top.object && top.onPath && top.keyMatches);
        if (onPath && byte === OPEN_ARRAY && this.stack.length === this.path.length) {
          // The array at the path: its elements are streamed, the rest keeps `[` and `]`.
          this.restParts.push(chunk.slice(restFrom, at + 1));
          restFrom = at + 1;
          if (this.arrays === 0) this.headText = this.closedRest();
          this.inArray = true;
          this.arrayPhase = 'first';
          this.depth = 0;
          this.arrays++;
          continue;
        }
        this.stack.push({ object: byte === OPEN_OBJECT, onPath, expectKey: true, keyMatches: false });
      } else if (byte === CLOSE_OBJECT || byte === CLOSE_ARRAY) {
        this.stack.pop();
      }
    }
    if (this.inArray) {
      if (this.arrayPhase === 'element') this.pending.push(chunk.slice(Math.max(elementFrom, 0)));
    } else if (restFrom < chunk.length) this.restParts.push(chunk.slice(restFrom));
    this.offset += chunk.length;
    return out;
  }

  /**
   * The document as it was when the array at the path began, with the array empty and every open
   * container closed: its keys before the array (e.g. `format`) tell the format before the first
   * element is read. Throws a SyntaxError when no array has begun.
   */
  head(): unknown {
    if (this.headText === null) throw new SyntaxError('no array at the path');
    return JSON.parse(this.headText);
  }

  private closedRest(): string {
    const closers = this.stack
      .map((frame) => (frame.object ? '}' : ']'))
      .reverse()
      .join('');
    return `${this.restText()}]${closers}`;
  }

  /**
   * At the end of the input: the document without the streamed array's elements, parsed (the whole
   * document when nothing was at the path). Throws a SyntaxError for input that is not JSON,
   * including a truncated file.
   */
  end(): unknown {
    if (this.inArray) throw new SyntaxError('Unexpected end of JSON input');
    return JSON.parse(this.restText());
  }

  private restText(): string {
    // Decoded part by part (a character cut between parts is kept whole), never as one buffer.
    const texts = this.restParts.map((part) => this.decoder.decode(part, { stream: true }));
    texts.push(this.decoder.decode());
    return texts.join('');
  }

  /**
   * Inside a string from `from`: the index of its closing quote (the string state ends there), or
   * the chunk's length when it goes on past the chunk (with `escaped` set when the chunk ends in an
   * odd run of backslashes). A quote ends the string unless an odd run of backslashes comes right
   * before it; a run that began in an earlier chunk is the `escaped` state.
   */
  private stringEnd(chunk: Uint8Array, from: number): number {
    let at = from;
    if (this.escaped) {
      this.escaped = false;
      at++;
    }
    for (;;) {
      const quote = chunk.indexOf(QUOTE, at);
      const end = quote === -1 ? chunk.length : quote;
      let run = 0;
      while (end - run - 1 >= at && chunk[end - run - 1] === BACKSLASH) run++;
      if (quote === -1) {
        this.escaped = run % 2 === 1;
        return chunk.length;
      }
      if (run % 2 === 0) {
        this.inString = false;
        return quote + 1;
      }
      at = quote + 1;
    }
  }

  private closeArray(at: number, setRestFrom: (from: number) => void): void {
    this.inArray = false;
    // The closing bracket belongs to the rest; the key's object may take another key after it.
    setRestFrom(at);
    const top = this.stack[this.stack.length - 1];
    if (top) top.keyMatches = false;
  }

  private endKey(): void {
    const bytes = Uint8Array.from(this.key!);
    this.key = null;
    const top = this.stack[this.stack.length - 1]!;
    let name: unknown;
    try {
      name = JSON.parse(`"${new TextDecoder().decode(bytes)}"`);
    } catch {
      return; // Not a valid string: JSON.parse of the rest says so.
    }
    top.keyMatches = name === this.path[this.stack.length - 1];
  }

  private take(chunk: Uint8Array, start: number, end: number): string {
    const bytes = joinBytes(this.pending, chunk.subarray(Math.max(start, 0), end));
    this.pending = [];
    const text = this.decoder.decode(bytes);
    if (text.trim() === '') this.fail(end);
    return text;
  }

  private fail(at: number): never {
    throw new SyntaxError(`Unexpected token in JSON at position ${this.offset + at}`);
  }
}
