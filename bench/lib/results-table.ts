import { verdict, type BenchResult } from './bench-result';
import { roundForDisplay } from './stats';

export type NamedResult = BenchResult & { bench: string };

/** Renders results as a fixed-width text table: bench, measure, value, unit, target, verdict. */
export function formatResultsTable(results: readonly NamedResult[]): string {
  const header = ['bench', 'measure', 'value', 'unit', 'target', 'verdict'];
  const rows = results.map((result) => [
    result.bench,
    result.measure,
    String(roundForDisplay(result.value)),
    result.unit,
    result.target === undefined ? '' : `${result.better === 'higher' ? '>=' : '<='} ${result.target}`,
    verdict(result),
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => (column === 2 ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!)))
      .join('  ')
      .trimEnd();
  const notes = results
    .filter((result) => result.note)
    .map((result) => `  ${result.bench} / ${result.measure}: ${result.note}`);
  return [
    line(header),
    line(widths.map((width) => '-'.repeat(width))),
    ...rows.map(line),
    ...(notes.length ? ['', 'notes:', ...notes] : []),
  ].join('\n');
}
