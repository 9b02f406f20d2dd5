import { CUT_MARKER, DOCUMENT_LIMITS } from '@parley/core/documents';
import { ReadError } from '../reader-protocol';
import { textResult } from './text-result';

type Cell = { text?: string } | null | undefined;

/** One cell as text: exceljs gives rich text, formulas and dates as objects; `text` reads them all. */
function cellText(cell: Cell): string {
  const text = cell?.text ?? '';
  return /[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * XLSX through exceljs (decision 0045): every sheet under its name, rows as CSV lines. Rows past
 * the table limit, counted over all sheets, are left out with the cut marker.
 */
export async function readXlsx(file: Blob) {
  const ExcelJS = (await import('exceljs')).default;
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(await file.arrayBuffer());
  } catch {
    throw new ReadError('corrupt');
  }
  const lines: string[] = [];
  let rows = 0;
  let cut = false;
  for (const sheet of workbook.worksheets) {
    if (cut) break;
    lines.push(`## Sheet: ${sheet.name}`);
    sheet.eachRow({ includeEmpty: false }, (row) => {
      if (cut) return;
      if (rows >= DOCUMENT_LIMITS.maxTableRows) {
        cut = true;
        return;
      }
      rows++;
      const cells: string[] = [];
      for (let column = 1; column <= row.cellCount; column++) cells.push(cellText(row.getCell(column)));
      lines.push(cells.join(','));
    });
    lines.push('');
  }
  if (cut) lines.push(CUT_MARKER);
  return textResult(lines.join('\n'), cut ? { kind: 'rows', rows: DOCUMENT_LIMITS.maxTableRows } : undefined);
}
