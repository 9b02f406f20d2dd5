import type { Chat } from '../entities';
import { isArrayFormat, readArrayElement } from './array-formats';
import type { ArrayFormat } from './array-formats';
import { JsonArraySplitter } from './json-array-splitter';
import { PackedChats } from './packed-chats';
import { newReadContext } from './read-context';
import type { ReadContext } from './read-context';
import { buildDraftChat, inKnownFolder } from './read-import';
import { sniffJson } from './sniff';
import type { PackedImport } from './summary';
import type { ImportFailure } from './read-import';

/** IM1: how many elements are looked at before the format of a bare array is decided. */
const SNIFF_ELEMENTS = 50;

export type StreamOutcome = { ok: true; result: PackedImport } | { ok: false; failure: ImportFailure };

export interface StreamReaderOptions {
  readonly now: number;
  /** The format the zip's names gave (IM2); otherwise the first elements decide (IM1). */
  readonly format?: ArrayFormat;
  /** Each chat as soon as it is read (before the rest of the file has arrived). */
  readonly onChat?: (chat: Chat) => void;
}

/**
 * Reads an array file (ChatGPT's or Claude's `conversations.json`, or its `-NNN` parts, Open WebUI,
 * BetterChatGPT and chatbot-ui's bare arrays) from byte chunks as they arrive (decision 0077): each
 * element is parsed as soon as it is whole, read to a draft, built into a chat, counted for the
 * preview and packed; the parsed element is then dropped, so neither the file's text nor its tree
 * is ever held whole. Same rules as readImport (IM1-IM8): the first 50 elements decide the format,
 * one bad element is a problem naming it, and input that is not JSON (a truncated file) is
 * `invalidJson`. A top level that is not an array is not for this reader (`isArray` says so).
 */
export class ArrayImportReader {
  private readonly ctx: ReadContext = newReadContext();
  private readonly chats = new PackedChats();
  private splitter = new JsonArraySplitter();
  private format: ArrayFormat | null | undefined;
  private head: unknown[] = [];
  private elements = 0;
  private drafts = 0;
  private broken = false;
  private sawArray = false;
  /** Bytes of the current file have been pushed, or no file has ended yet. */
  private fileOpen = true;

  constructor(private readonly options: StreamReaderOptions) {
    this.format = options.format;
  }

  /** Undefined until the first bytes show whether the (current) file is an array. */
  get isArray(): boolean | undefined {
    return this.splitter.isArray;
  }

  /** How many chats have been read so far. */
  get chatCount(): number {
    return this.chats.length;
  }

  /** Feeds the next bytes; false once the input is known to be unreadable (stop feeding). */
  push(bytes: Uint8Array): boolean {
    if (this.broken) return false;
    this.fileOpen = true;
    try {
      for (const text of this.splitter.push(bytes)) this.element(JSON.parse(text));
    } catch (error) {
      if (!(error instanceof SyntaxError)) throw error;
      this.broken = true;
    }
    return !this.broken;
  }

  /**
   * The end of one file; the next bytes start another (ChatGPT's split `conversations-NNN.json`,
   * whose arrays are read as one list). A part that is not an array adds nothing.
   */
  endFile(): void {
    if (this.broken || !this.fileOpen) return;
    this.fileOpen = false;
    if (this.splitter.isArray) this.sawArray = true;
    try {
      this.splitter.end();
    } catch {
      this.broken = true;
    }
    this.splitter = new JsonArraySplitter();
  }

  finish(): StreamOutcome {
    this.endFile();
    if (this.broken) return { ok: false, failure: 'invalidJson' };
    // A lone file that is not an array belongs to readImport; a zip's part that is not adds nothing.
    if (!this.sawArray && !this.options.format) return { ok: false, failure: 'unknownFormat' };
    if (this.format === undefined) this.decide();
    if (this.format === null) return { ok: false, failure: 'unknownFormat' };
    const { ctx, chats } = this;
    return {
      ok: true,
      result: {
        format: this.format ?? 'chatgpt',
        chats,
        folders: [],
        prompts: [],
        characters: [],
        plugins: [],
        settings: null,
        skipped: ctx.skipped,
        problems: ctx.problems,
      },
    };
  }

  private element(value: unknown): void {
    if (this.format === undefined) {
      this.head.push(value);
      if (this.head.length >= SNIFF_ELEMENTS) this.decide();
    } else if (this.format !== null) this.read(this.format, value);
  }

  /** IM1: the first elements decide; an empty array sniffs as ChatGPT ("nothing to import"). */
  private decide(): void {
    const sniffed = sniffJson(this.head);
    this.format = sniffed && isArrayFormat(sniffed) ? sniffed : null;
    const head = this.head;
    this.head = [];
    if (this.format !== null) for (const value of head) this.read(this.format, value);
  }

  private read(format: ArrayFormat, value: unknown): void {
    const draft = readArrayElement(format, value, this.elements++, this.ctx);
    if (!draft) return;
    const chat = buildDraftChat(format, draft, this.drafts++, this.ctx, this.options.now);
    if (!chat) return;
    // An array file defines no folders: a chat naming one goes to the top level.
    const placed = inKnownFolder(chat, new Set());
    this.chats.add(placed);
    this.options.onChat?.(placed);
  }
}

/** Reads an array file from a stream of byte chunks (a file's `stream()`, an inflating zip entry). */
export async function readImportStream(
  chunks: AsyncIterable<Uint8Array>,
  options: StreamReaderOptions,
): Promise<StreamOutcome> {
  const reader = new ArrayImportReader(options);
  for await (const chunk of chunks) if (!reader.push(chunk)) break;
  return reader.finish();
}
