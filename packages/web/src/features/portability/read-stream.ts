import { Unzip, UnzipInflate } from 'fflate';
import { ArrayImportReader, sniffZipNames, summarizeImport } from '@parley/core/import';
import type {
  ArrayFormat,
  ImportResult,
  ImportSummary,
  PackedImport,
  StreamOutcome,
} from '@parley/core/import';
import { isSafeZipName, isZip, readImportBytes, unpackLimit } from './read-file';
import type { ReadOutcome, ReadStage } from './read-file';
import { zipEntryNames } from './zip-names';

/** What reading a file gives in the worker: a streamed read keeps its chats packed (decision 0077). */
export type FileOutcome =
  | { ok: true; result: ImportResult | PackedImport; summary: ImportSummary; sealedKeys?: unknown }
  | Extract<ReadOutcome, { ok: false }>;

export interface ReadFileOptions {
  readonly now: number;
  readonly maxUncompressedBytes?: number;
  readonly onStage?: (stage: ReadStage) => void;
}

const CONVERSATIONS_PART = /^conversations(-\d+)?\.json$/;
const baseName = (name: string) => name.slice(name.lastIndexOf('/') + 1);
const BOM = [0xef, 0xbb, 0xbf];

/** The file's bytes as they are read from disk, never all at once. */
async function* chunksOf(file: Blob): AsyncGenerator<Uint8Array> {
  const reader = file.stream().getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    reader.releaseLock();
  }
}

/** The first non-blank character (after a BOM) is `[`: a bare array, read as a stream. */
function startsAnArray(head: Uint8Array): boolean {
  let at = BOM.every((byte, i) => head[i] === byte) ? 3 : 0;
  while (
    at < head.length &&
    (head[at] === 0x20 || head[at] === 0x0a || head[at] === 0x0d || head[at] === 0x09)
  )
    at++;
  return head[at] === 0x5b;
}

function withSummary(outcome: StreamOutcome): FileOutcome {
  return outcome.ok
    ? { ok: true, result: outcome.result, summary: summarizeImport(outcome.result) }
    : outcome;
}

/**
 * The zips whose chats stream: ChatGPT's and Claude's by their names (IM2), with their
 * `conversations(-NNN).json` parts in name order in the archive (as exports write them). Null for
 * any other zip, which is read as a whole.
 */
async function streamedZipParts(file: Blob): Promise<{ format: ArrayFormat; parts: string[] } | null> {
  const names = await zipEntryNames(file);
  if (!names) return null;
  const jsonNames = names.filter((name) => isSafeZipName(name) && name.toLowerCase().endsWith('.json'));
  const format = sniffZipNames(jsonNames);
  if (format !== 'chatgpt' && format !== 'claude') return null;
  const parts = jsonNames.filter((name) => CONVERSATIONS_PART.test(baseName(name)));
  const sorted = [...parts].sort((a, b) => a.localeCompare(b));
  if (new Set(parts).size !== parts.length || parts.some((name, i) => sorted[i] !== name)) return null;
  return { format, parts };
}

/**
 * Inflates the conversations parts of a ChatGPT or Claude zip as the zip's bytes arrive and feeds
 * what comes out to the streaming reader; other entries are not inflated at all. The size cap counts
 * the bytes coming out of the inflater (IM7).
 */
async function readZipStream(
  file: Blob,
  plan: { format: ArrayFormat; parts: string[] },
  options: ReadFileOptions,
): Promise<FileOutcome> {
  options.onStage?.('unzipping');
  const limitBytes = options.maxUncompressedBytes ?? unpackLimit(file.size);
  const reader = new ArrayImportReader({ now: options.now, format: plan.format });
  const parts = new Set(plan.parts);
  let total = 0;
  let tooLarge = false;
  let damaged = false;
  const unzip = new Unzip((entry) => {
    if (tooLarge || damaged || !parts.has(entry.name)) return;
    entry.ondata = (error, chunk, final) => {
      if (error) {
        damaged = true;
        return;
      }
      total += chunk.length;
      if (total > limitBytes) {
        tooLarge = true;
        entry.terminate();
        return;
      }
      if (!reader.push(chunk)) entry.terminate();
      else if (final) reader.endFile();
    };
    entry.start();
  });
  unzip.register(UnzipInflate);
  try {
    for await (const chunk of chunksOf(file)) {
      unzip.push(chunk);
      if (tooLarge || damaged) break;
    }
    if (!tooLarge && !damaged) unzip.push(new Uint8Array(0), true);
  } catch {
    damaged = true;
  }
  if (tooLarge) return { ok: false, failure: 'tooLarge', limitBytes };
  if (damaged) return { ok: false, failure: 'corruptArchive' };
  return withSummary(reader.finish());
}

/**
 * Reads a picked or dropped file in the import worker (IM1, IM2, IM7, IM27). A bare JSON array
 * (ChatGPT's `conversations.json` and the other array formats) and a ChatGPT or Claude zip are read
 * as a stream, one conversation at a time, never holding the file's text (decision 0077); any other
 * file (an object such as Parley's or TypingMind's export, other zips) is read whole as before.
 */
export async function readImportFile(file: Blob, options: ReadFileOptions): Promise<FileOutcome> {
  const head = new Uint8Array(await file.slice(0, 1024).arrayBuffer());
  if (isZip(head)) {
    const plan = await streamedZipParts(file);
    if (plan) return readZipStream(file, plan, options);
  } else if (startsAnArray(head)) {
    options.onStage?.('parsing');
    const reader = new ArrayImportReader({ now: options.now });
    for await (const chunk of chunksOf(file)) if (!reader.push(chunk)) break;
    return withSummary(reader.finish());
  }
  return readImportBytes(new Uint8Array(await file.arrayBuffer()), options);
}
