import { CUT_MARKER, DOCUMENT_LIMITS } from '@parley/core/documents';
import Papa from 'papaparse';
import { ReadError } from '../reader-protocol';
import { textResult } from './text-result';

/**
 * CSV through papaparse: quotes and embedded line breaks are understood, and the table is written
 * back as plain CSV. Only the first rows up to the limit are parsed (DO2), so a million-row file is
 * not held in memory as cells.
 */
export async function readCsv(file: Blob) {
  const source = new TextDecoder('utf-8').decode(await file.arrayBuffer());
  const parsed = Papa.parse<string[]>(source, {
    preview: DOCUMENT_LIMITS.maxTableRows + 1,
    skipEmptyLines: 'greedy',
  });
  if (parsed.data.length === 0 && parsed.errors.length > 0) throw new ReadError('corrupt');
  const rows = parsed.data;
  const cut = rows.length > DOCUMENT_LIMITS.maxTableRows;
  const kept = cut ? rows.slice(0, DOCUMENT_LIMITS.maxTableRows) : rows;
  const text = Papa.unparse(kept, { newline: '\n' });
  return textResult(
    cut ? `${text}\n\n${CUT_MARKER}` : text,
    cut ? { kind: 'rows', rows: DOCUMENT_LIMITS.maxTableRows } : undefined,
  );
}
