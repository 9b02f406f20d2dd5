import type { Chat } from '../entities';
import { JsonPathSplitter } from './json-path-splitter';
import { PackedChats } from './packed-chats';
import { countProjectRefs, parseParleyChat, readParley } from './parley';
import { newReadContext } from './read-context';
import type { ReadContext } from './read-context';
import { assembleRecords, buildDraftChat, readImport } from './read-import';
import type { ImportFailure } from './read-import';
import { sniffJson } from './sniff';
import type { PackedImport } from './summary';
import type { ImportResult } from './types';
import { readTypingMind, readTypingMindChat } from './typingmind';
import type { Obj } from './values';

/** The formats whose chats sit in an array at `data.chats`, read as a stream (IM29). */
export type KeyedFormat = 'parley' | 'typingmind';
const CHATS_PATH = ['data', 'chats'] as const;

export type ObjectStreamOutcome =
  /** `document`: the file without its chats (`data.chats` empty), for what else it names (IM32). */
  | { ok: true; result: ImportResult | PackedImport; document: unknown }
  | { ok: false; failure: ImportFailure }
  /**
   * The file cannot be read as a stream after all (its `format` came after its chats and said
   * another format, or `data.chats` came twice, or a zip's file had no chats array): read it whole,
   * as before (IM29).
   */
  | { ok: false; readWhole: true };

export interface ObjectReaderOptions {
  readonly now: number;
  /** The format a zip's names gave (IM2); otherwise the keys before the chats decide (IM1). */
  readonly format?: KeyedFormat;
  /** A zip's file: with no array at `data.chats`, the zip is read whole (its other files may count). */
  readonly fromZip?: boolean;
}

/**
 * Reads a JSON object file whose chats are an array at `data.chats` (Parley's own export, a
 * TypingMind backup) from byte chunks as they arrive (IM29, decision 0153). Each chat is parsed as
 * soon as it is whole, read, built, counted and packed, as the array reader does (IM28); the rest of
 * the document (folders, prompts, agents, settings, ...) is kept as bytes and parsed at the end, then
 * read by the same code as a whole file. The format is decided when the first chat arrives, from
 * the keys before it (`format: "parley-export"`, which Parley writes first); the whole document's
 * format is checked at the end, and a file where they differ is read whole. A file with nothing at
 * `data.chats` is the whole-file path exactly (its rest is the whole document).
 */
export class ObjectImportReader {
  private readonly ctx: ReadContext = newReadContext();
  private readonly chats = new PackedChats();
  private readonly splitter = new JsonPathSplitter(CHATS_PATH);
  private readonly projectRefs = new Map<string, number>();
  private format: KeyedFormat | null | undefined;
  private elements = 0;
  private drafts = 0;
  private broken = false;

  constructor(private readonly options: ObjectReaderOptions) {
    this.format = options.format;
  }

  /** Undefined until the first bytes show whether the file is an object. */
  get isObject(): boolean | undefined {
    return this.splitter.isObject;
  }

  /** Feeds the next bytes; false once the input is known to be unreadable (stop feeding). */
  push(bytes: Uint8Array): boolean {
    if (this.broken) return false;
    try {
      for (const text of this.splitter.push(bytes)) this.element(JSON.parse(text));
    } catch (error) {
      if (!(error instanceof SyntaxError)) throw error;
      this.broken = true;
    }
    return !this.broken;
  }

  finish(): ObjectStreamOutcome {
    if (this.broken) return { ok: false, failure: 'invalidJson' };
    let document: unknown;
    try {
      document = this.splitter.end();
    } catch {
      return { ok: false, failure: 'invalidJson' };
    }
    const found = this.splitter.arraysFound;
    if (found === 0) {
      if (this.options.fromZip) return { ok: false, readWhole: true };
      const outcome = readImport([{ name: 'import.json', json: document }], {
        fromZip: false,
        now: this.options.now,
      });
      return outcome.ok ? { ...outcome, document } : outcome;
    }
    if (found > 1) return { ok: false, readWhole: true };
    if (this.format === undefined) this.decide(document);
    const format = this.format;
    // Chats under `data.chats` of a file that is neither: the whole-file path decides what it is.
    if (!format) return { ok: false, readWhole: true };
    // The whole document must say what its first keys said (a zip's names decide for it: IM2).
    if (!this.options.format && sniffJson(document) !== format) return { ok: false, readWhole: true };
    const { ctx, chats } = this;
    if (format === 'parley') {
      const data = readParley(document as Obj, ctx.problems, this.projectRefs);
      const result = { format, ...data, chats, skipped: ctx.skipped, problems: ctx.problems };
      return { ok: true, document, result };
    }
    const output = readTypingMind(document as Obj, ctx);
    const { folderIds, ...records } = assembleRecords(format, output, ctx, this.options.now);
    chats.placeInFolders(folderIds);
    return {
      ok: true,
      document,
      result: { ...records, chats, skipped: ctx.skipped, problems: ctx.problems },
    };
  }

  /** IM1 on what came before the chats (or the whole document, for an empty array). */
  private decide(document: unknown): void {
    const sniffed = sniffJson(document);
    this.format = sniffed === 'parley' || sniffed === 'typingmind' ? sniffed : null;
  }

  private element(value: unknown): void {
    if (this.format === undefined) this.decide(this.splitter.head());
    const index = this.elements++;
    if (this.format === 'parley') {
      const chat = parseParleyChat(value, index, this.ctx.problems);
      if (chat) this.add(chat);
    } else if (this.format === 'typingmind') {
      const draft = readTypingMindChat(value, index, this.ctx);
      if (!draft) return;
      const chat = buildDraftChat('typingmind', draft, this.drafts++, this.ctx, this.options.now);
      if (chat) this.add(chat);
    }
  }

  private add(chat: Chat): void {
    if (this.format === 'parley') countProjectRefs([chat], this.projectRefs);
    this.chats.add(chat);
  }
}
