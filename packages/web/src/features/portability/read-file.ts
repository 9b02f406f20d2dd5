import { Unzip, UnzipInflate } from 'fflate';
import {
  attachmentsOfExport,
  EXPORT_ATTACHMENTS_DIR,
  PARLEY_EXPORT_FILE,
  readImport,
  summarizeImport,
} from '@parley/core/import';
import type { ImportFailure, ImportFile, ImportResult, ImportSummary } from '@parley/core/import';
import { parseJsonBytes } from './json-bytes';

/** IM7: a zip never unpacks to more than this, whatever its size. */
export const MAX_UNCOMPRESSED_BYTES = 1024 * 1024 * 1024;
/** IM7: however small the zip, it may unpack to this much. */
export const MIN_UNCOMPRESSED_BYTES = 64 * 1024 * 1024;
/**
 * IM7: exports compress about 5-15 times (JSON text; pictures hardly at all), so a zip may unpack to
 * 40 times its own size. A zip bomb (900 MiB of tiny objects in 2.7 MB) goes far past that.
 */
export const MAX_COMPRESSION_RATIO = 40;

/** IM7: how much `zipSize` bytes of zip may unpack to (the entries read, counted as they inflate). */
export function unpackLimit(zipSize: number): number {
  return Math.min(MAX_UNCOMPRESSED_BYTES, Math.max(MIN_UNCOMPRESSED_BYTES, zipSize * MAX_COMPRESSION_RATIO));
}

export type ReadStage = 'reading' | 'unzipping' | 'parsing' | 'mapping';

/**
 * The entry of an export zip that holds API keys sealed with the user's password (decision 0057). It
 * is never handed to the importers: it comes back as it is, for the page to open with the password.
 */
export const SEALED_KEYS_ENTRY = 'parley-api-keys.json';

/**
 * `result` is null when the worker keeps it to write itself (only the summary crosses over).
 * `sealedKeys`: the parsed key file of a zip that has one (still sealed).
 */
export type ReadOutcome =
  | { ok: true; result: ImportResult | null; summary: ImportSummary; sealedKeys?: unknown }
  /** `limitBytes`: with `tooLarge`, what the zip was allowed to unpack to. */
  | { ok: false; failure: ImportFailure; limitBytes?: number };

class TooLargeError extends Error {}

export function isZip(bytes: Uint8Array): boolean {
  return (
    bytes.length >= 4 &&
    bytes[0] === 0x50 &&
    bytes[1] === 0x4b &&
    (bytes[2] === 3 || bytes[2] === 5) &&
    (bytes[3] === 4 || bytes[3] === 6)
  );
}

/** Names that would climb out of the archive, or are absolute, are ignored (never written anyway). */
export function isSafeZipName(name: string): boolean {
  if (name.startsWith('/') || name.includes('\\') || /^[a-zA-Z]:/.test(name)) return false;
  return !name.split('/').some((segment) => segment === '..');
}

/**
 * The JSON files of a zip, and a Parley export's attachment bytes (IM32), under one size cap (IM7).
 * The cap counts the bytes as they come out of the inflater, so a zip whose headers understate its
 * entries is stopped at the cap, before it can fill the memory.
 */
function unzipJsonFiles(bytes: Uint8Array, maxBytes: number): { name: string; bytes: Uint8Array }[] {
  let total = 0;
  let tooLarge = false;
  let damaged: unknown = null;
  const out: { name: string; bytes: Uint8Array }[] = [];
  const unzip = new Unzip((file) => {
    if (tooLarge || !isSafeZipName(file.name)) return;
    const attachment = file.name.startsWith(EXPORT_ATTACHMENTS_DIR);
    if (!attachment && !file.name.toLowerCase().endsWith('.json')) return;
    const chunks: Uint8Array[] = [];
    file.ondata = (error, chunk, final) => {
      if (error) {
        damaged = error;
        return;
      }
      total += chunk.length;
      if (total > maxBytes) {
        tooLarge = true;
        file.terminate();
        return;
      }
      chunks.push(chunk);
      if (final) out.push({ name: file.name, bytes: concat(chunks) });
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  // Pushed in slices, so a zip past the cap stops within one slice of it.
  const SLICE = 1 << 20;
  for (let at = 0; at < bytes.length && !tooLarge && damaged === null; at += SLICE) {
    unzip.push(bytes.subarray(at, at + SLICE), at + SLICE >= bytes.length);
  }
  if (tooLarge) throw new TooLargeError();
  if (damaged !== null) throw damaged;
  return out;
}

function concat(chunks: readonly Uint8Array[]): Uint8Array {
  if (chunks.length === 1) return chunks[0]!;
  const joined = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    joined.set(chunk, at);
    at += chunk.length;
  }
  return joined;
}

/**
 * Reads a picked or dropped file into an import (IM1, IM2, IM7): a zip is unpacked (JSON entries
 * only, size-capped, unsafe names skipped), each JSON file parsed, then the core importers map it.
 * Runs in the import worker; tests call it directly.
 */
export function readImportBytes(
  bytes: Uint8Array,
  options: { now: number; maxUncompressedBytes?: number; onStage?: (stage: ReadStage) => void },
): ReadOutcome & ({ ok: false } | { ok: true; result: ImportResult }) {
  const fromZip = isZip(bytes);
  let entries: { name: string; bytes: Uint8Array }[];
  if (fromZip) {
    options.onStage?.('unzipping');
    const limitBytes = options.maxUncompressedBytes ?? unpackLimit(bytes.length);
    try {
      entries = unzipJsonFiles(bytes, limitBytes);
    } catch (error) {
      return error instanceof TooLargeError
        ? { ok: false, failure: 'tooLarge', limitBytes }
        : { ok: false, failure: 'corruptArchive' };
    }
  } else {
    entries = [{ name: 'import.json', bytes }];
  }
  options.onStage?.('parsing');
  const files: ImportFile[] = [];
  let sealedKeys: unknown;
  const keysEntry = fromZip ? entries.find((entry) => entry.name === SEALED_KEYS_ENTRY) : undefined;
  if (keysEntry) {
    entries = entries.filter((entry) => entry !== keysEntry);
    try {
      sealedKeys = parseJsonBytes(keysEntry.bytes);
    } catch {
      // Unreadable keys never stop the import of the rest; the page says the keys cannot be read.
      sealedKeys = null;
    }
  }
  const attachmentBytes = new Map<string, Uint8Array>();
  for (const entry of entries) {
    if (fromZip && entry.name.startsWith(EXPORT_ATTACHMENTS_DIR)) {
      attachmentBytes.set(entry.name, entry.bytes);
      continue;
    }
    try {
      files.push({ name: entry.name, json: parseJsonBytes(entry.bytes) });
    } catch {
      // Inside a zip one unreadable side file (ChatGPT ships many) is not fatal; a lone file is.
      if (!fromZip) return { ok: false, failure: 'invalidJson' };
    }
  }
  if (fromZip && files.length === 0)
    return { ok: false, failure: entries.length > 0 ? 'invalidJson' : 'unknownFormat' };
  options.onStage?.('mapping');
  const outcome = readImport(files, { fromZip, now: options.now });
  if (!outcome.ok) return outcome;
  const exportFile = files.find((file) => file.name === PARLEY_EXPORT_FILE);
  const result =
    outcome.result.format === 'parley' && exportFile && attachmentBytes.size > 0
      ? {
          ...outcome.result,
          attachments: attachmentsOfExport(exportFile.json, (path) => attachmentBytes.get(path)),
        }
      : outcome.result;
  const summary = summarizeImport(result);
  return keysEntry ? { ok: true, result, summary, sealedKeys } : { ok: true, result, summary };
}
