import { Unzip, UnzipInflate } from 'fflate';
import {
  ArrayImportReader,
  attachmentsOfExport,
  EXPORT_ATTACHMENTS_DIR,
  ObjectImportReader,
  PARLEY_EXPORT_FILE,
  TYPINGMIND_DATA_FILE,
  sniffZipNames,
  summarizeImport,
} from '@parley/core/import';
import type {
  ArrayFormat,
  ImportResult,
  ImportSummary,
  KeyedFormat,
  ObjectStreamOutcome,
  PackedImport,
  StreamOutcome,
} from '@parley/core/import';
import { parseJsonBytes } from './json-bytes';
import { isSafeZipName, isZip, readImportBytes, SEALED_KEYS_ENTRY, unpackLimit } from './read-file';
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

/** The first non-blank byte (after a BOM): `[` is a bare array, `{` an object, both read as a stream. */
function firstByte(head: Uint8Array): number | undefined {
  let at = BOM.every((byte, i) => head[i] === byte) ? 3 : 0;
  while (
    at < head.length &&
    (head[at] === 0x20 || head[at] === 0x0a || head[at] === 0x0d || head[at] === 0x09)
  )
    at++;
  return head[at];
}

function withSummary(outcome: StreamOutcome): FileOutcome {
  return outcome.ok
    ? { ok: true, result: outcome.result, summary: summarizeImport(outcome.result) }
    : outcome;
}

/**
 * The zips whose chats stream: ChatGPT's and Claude's by their names (IM2), with their
 * `conversations(-NNN).json` parts in name order in the archive (as exports write them); Parley's
 * export with its one `parley-export.json`, and TypingMind's with its one `data.json` (IM29). Null
 * for any other zip, which is read as a whole.
 */
async function streamedZipPlan(file: Blob): Promise<ZipPlan | null> {
  const names = await zipEntryNames(file);
  if (!names) return null;
  const jsonNames = names.filter((name) => isSafeZipName(name) && name.toLowerCase().endsWith('.json'));
  const format = sniffZipNames(jsonNames);
  if (format === 'parley' || format === 'typingmind') {
    const main = format === 'parley' ? PARLEY_EXPORT_FILE : TYPINGMIND_DATA_FILE;
    const candidates = jsonNames.filter((name) => baseName(name) === main);
    // Parley's attachments are found by the file's place at the root (IM32), as when read whole.
    if (candidates.length !== 1 || (format === 'parley' && candidates[0] !== main)) return null;
    return { kind: 'object', format, main: candidates[0]! };
  }
  if (format !== 'chatgpt' && format !== 'claude') return null;
  const parts = jsonNames.filter((name) => CONVERSATIONS_PART.test(baseName(name)));
  const sorted = [...parts].sort((a, b) => a.localeCompare(b));
  if (new Set(parts).size !== parts.length || parts.some((name, i) => sorted[i] !== name)) return null;
  return { kind: 'array', format, parts };
}

type ZipPlan =
  | { kind: 'array'; format: ArrayFormat; parts: string[] }
  | { kind: 'object'; format: KeyedFormat; main: string };

/** Where an entry's inflated bytes go: false stops the entry (its reader gave up). */
type EntrySink = (chunk: Uint8Array, final: boolean) => boolean;

/**
 * Inflates the entries `sinkFor` wants as the zip's bytes arrive, each straight into its sink;
 * other entries are not inflated at all. The size cap counts the bytes coming out of the inflater
 * (IM7).
 */
async function inflateEntries(
  file: Blob,
  limitBytes: number,
  sinkFor: (name: string) => EntrySink | null,
): Promise<'ok' | 'tooLarge' | 'corruptArchive'> {
  let total = 0;
  let tooLarge = false;
  let damaged = false;
  const unzip = new Unzip((entry) => {
    if (tooLarge || damaged) return;
    const sink = sinkFor(entry.name);
    if (!sink) return;
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
      if (!sink(chunk, final)) entry.terminate();
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
  return tooLarge ? 'tooLarge' : damaged ? 'corruptArchive' : 'ok';
}

/** The conversations parts of a ChatGPT or Claude zip, fed to the array reader as they inflate. */
async function readArrayZip(
  file: Blob,
  plan: { format: ArrayFormat; parts: string[] },
  options: ReadFileOptions,
): Promise<FileOutcome> {
  options.onStage?.('unzipping');
  const limitBytes = options.maxUncompressedBytes ?? unpackLimit(file.size);
  const reader = new ArrayImportReader({ now: options.now, format: plan.format });
  const parts = new Set(plan.parts);
  const inflated = await inflateEntries(file, limitBytes, (name) =>
    parts.has(name)
      ? (chunk, final) => {
          if (!reader.push(chunk)) return false;
          if (final) reader.endFile();
          return true;
        }
      : null,
  );
  if (inflated === 'tooLarge') return { ok: false, failure: 'tooLarge', limitBytes };
  if (inflated === 'corruptArchive') return { ok: false, failure: inflated };
  return withSummary(reader.finish());
}

/** Bytes of one entry, kept whole (an attachment's, the sealed keys file's). */
function collect(into: Map<string, Uint8Array>, name: string): EntrySink {
  const parts: Uint8Array[] = [];
  return (chunk, final) => {
    parts.push(chunk);
    if (final) into.set(name, concat(parts));
    return true;
  };
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  if (parts.length === 1) return parts[0]!;
  const joined = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    joined.set(part, at);
    at += part.length;
  }
  return joined;
}

/**
 * A Parley or TypingMind zip (IM29): the main file's chats stream into the object reader as they
 * inflate; a Parley export's attachment bytes (IM32) and sealed keys (decision 0057) are kept as
 * when read whole. A main file the reader cannot stream (no chats array, a chunked TypingMind
 * backup) is read whole, as before.
 */
async function readObjectZip(
  file: Blob,
  plan: { format: KeyedFormat; main: string },
  options: ReadFileOptions,
): Promise<FileOutcome> {
  options.onStage?.('unzipping');
  const limitBytes = options.maxUncompressedBytes ?? unpackLimit(file.size);
  const reader = new ObjectImportReader({ now: options.now, format: plan.format, fromZip: true });
  const kept = new Map<string, Uint8Array>();
  const parley = plan.format === 'parley';
  const inflated = await inflateEntries(file, limitBytes, (name) => {
    if (name === plan.main) return (chunk) => reader.push(chunk);
    if (!parley || !isSafeZipName(name)) return null;
    return name.startsWith(EXPORT_ATTACHMENTS_DIR) || name === SEALED_KEYS_ENTRY ? collect(kept, name) : null;
  });
  if (inflated === 'tooLarge') return { ok: false, failure: 'tooLarge', limitBytes };
  if (inflated === 'corruptArchive') return { ok: false, failure: inflated };
  const outcome = reader.finish();
  if (!outcome.ok) return 'readWhole' in outcome ? readWhole(file, options) : outcome;
  const keys = kept.get(SEALED_KEYS_ENTRY);
  kept.delete(SEALED_KEYS_ENTRY);
  const result =
    kept.size > 0
      ? { ...outcome.result, attachments: attachmentsOfExport(outcome.document, (path) => kept.get(path)) }
      : outcome.result;
  const summary = summarizeImport(result);
  if (!keys) return { ok: true, result, summary };
  let sealedKeys: unknown;
  try {
    sealedKeys = parseJsonBytes(keys);
  } catch {
    // Unreadable keys never stop the import of the rest; the page says the keys cannot be read.
    sealedKeys = null;
  }
  return { ok: true, result, summary, sealedKeys };
}

/** The file read whole, as before streaming (the object reader's fallback, IM29). */
async function readWhole(file: Blob, options: ReadFileOptions): Promise<FileOutcome> {
  return readImportBytes(new Uint8Array(await file.arrayBuffer()), options);
}

function withObjectSummary(file: Blob, outcome: ObjectStreamOutcome, options: ReadFileOptions) {
  if (outcome.ok)
    return { ok: true as const, result: outcome.result, summary: summarizeImport(outcome.result) };
  return 'readWhole' in outcome ? readWhole(file, options) : outcome;
}

/**
 * Reads a picked or dropped file in the import worker (IM1, IM2, IM7, IM27). A bare JSON array
 * (ChatGPT's `conversations.json` and the other array formats) and a ChatGPT or Claude zip are read
 * as a stream, one conversation at a time (IM28, decision 0077); so is an object file, alone or as a
 * Parley or TypingMind zip's main file, whose chats are an array at `data.chats` (IM29, decision
 * 0153), the rest of it parsed at the end. Neither holds the file's text whole. Other zips are read
 * whole as before.
 */
export async function readImportFile(file: Blob, options: ReadFileOptions): Promise<FileOutcome> {
  const head = new Uint8Array(await file.slice(0, 1024).arrayBuffer());
  if (isZip(head)) {
    const plan = await streamedZipPlan(file);
    if (plan?.kind === 'array') return readArrayZip(file, plan, options);
    if (plan?.kind === 'object') return readObjectZip(file, plan, options);
    return readWhole(file, options);
  }
  const first = firstByte(head);
  if (first === 0x5b) {
    options.onStage?.('parsing');
    const reader = new ArrayImportReader({ now: options.now });
    for await (const chunk of chunksOf(file)) if (!reader.push(chunk)) break;
    return withSummary(reader.finish());
  }
  if (first === 0x7b) {
    options.onStage?.('parsing');
    const reader = new ObjectImportReader({ now: options.now });
    for await (const chunk of chunksOf(file)) if (!reader.push(chunk)) break;
    return withObjectSummary(file, reader.finish(), options);
  }
  return readWhole(file, options);
}
