import { unzipSync } from 'fflate';
import {
  attachmentsOfExport,
  EXPORT_ATTACHMENTS_DIR,
  PARLEY_EXPORT_FILE,
  readImport,
  summarizeImport,
} from '@parley/core/import';
import type { ImportFailure, ImportFile, ImportResult, ImportSummary } from '@parley/core/import';
import { parseJsonBytes } from './json-bytes';

/** A zip may unpack to at most this much JSON: more is refused as a zip bomb (IM7). */
export const MAX_UNCOMPRESSED_BYTES = 1024 * 1024 * 1024;

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
  | { ok: false; failure: ImportFailure };

class TooLargeError extends Error {}

function isZip(bytes: Uint8Array): boolean {
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

/** The JSON files of a zip, and a Parley export's attachment bytes (IM32), under one size cap. */
function unzipJsonFiles(bytes: Uint8Array, maxBytes: number): { name: string; bytes: Uint8Array }[] {
  let total = 0;
  const files = unzipSync(bytes, {
    filter(file) {
      if (!isSafeZipName(file.name)) return false;
      const attachment = file.name.startsWith(EXPORT_ATTACHMENTS_DIR);
      if (!attachment && !file.name.toLowerCase().endsWith('.json')) return false;
      // The declared size is checked before inflating; the real size is checked after.
      total += file.originalSize;
      if (total > maxBytes) throw new TooLargeError();
      return true;
    },
  });
  const out = Object.entries(files).map(([name, data]) => ({ name, bytes: data }));
  if (out.reduce((sum, f) => sum + f.bytes.length, 0) > maxBytes) throw new TooLargeError();
  return out;
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
    try {
      entries = unzipJsonFiles(bytes, options.maxUncompressedBytes ?? MAX_UNCOMPRESSED_BYTES);
    } catch (error) {
      return { ok: false, failure: error instanceof TooLargeError ? 'tooLarge' : 'corruptArchive' };
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
