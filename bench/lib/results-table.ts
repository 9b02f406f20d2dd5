import { verdict, type BenchResult } from './bench-result';
import { roundForDisplay } from './stats';

export type NamedResult = BenchResult & { bench: string };

const HEADER = ['bench', 'measure', 'value', 'unit', 'target', 'verdict'];

/** Any value as a table cell: a result that lacks a field (or a bench of another shape) shows a blank. */
function cell(value: unknown): string {
  if (value === undefined || value === null) return '';
  return typeof value === 'number' ? String(roundForDisplay(value)) : String(value);
}

/**
 * Renders results as a fixed-width text table: bench, measure, value, unit, target, verdict. Never
 * throws on a malformed result: it runs after every bench, and a crash here loses all their numbers.
 */
export function formatResultsTable(results: readonly NamedResult[]): string {
  const header = HEADER;
  const rows = results.map((result) => [
    cell(result.bench),
    cell(result.measure),
    cell(result.value),
    cell(result.unit),
    result.target === undefined ? '' : `${result.better === 'higher' ? '>=' : '<='} ${cell(result.target)}`,
    verdict(result),
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]!.length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => (column === 2 ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!)))
      .join('  ')
      .trimEnd();
  const notes = results
    .filter((result) => result.note)
    .map((result) => `  ${cell(result.bench)} / ${cell(result.measure)}: ${cell(result.note)}`);
  return [
    line(header),
    line(widths.map((width) => '-'.repeat(width))),
    ...rows.map(line),
    ...(notes.length ? ['', 'notes:', ...notes] : []),
  ].join('\n');
}
