import { describe, expect, it } from 'vitest';
import { formatResultsTable, type NamedResult } from '../../lib/results-table';

const rowsOf = (table: string) => table.split('\n\nnotes:')[0]!.split('\n');

describe('results table', () => {
  it('prints a row per result under the header, values right-aligned, targets and verdicts', () => {
    const table = formatResultsTable([
      { bench: 'first-load', measure: 'JS+CSS (gzip)', value: 208.47, unit: 'kB', target: 250 },
      {
        bench: 'stream-parse',
        measure: 'openai',
        value: 1234.56,
        unit: 'MB/s',
        target: 50,
        better: 'higher',
      },
      { bench: 'sync', measure: 'errors', value: 3, unit: 'errors', target: 0 },
    ]);
    const [header, rule, ...rows] = rowsOf(table);
    expect(header).toMatch(/^bench\s+measure\s+value\s+unit\s+target\s+verdict$/);
    expect(rule).toMatch(/^-+( +-+){5}$/);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatch(/^first-load\s+JS\+CSS \(gzip\)\s+208\.5\s+kB\s+<= 250\s+pass$/);
    expect(rows[1]).toMatch(/stream-parse\s+openai\s+1235\s+MB\/s\s+>= 50\s+pass$/);
    expect(rows[2]).toMatch(/sync\s+errors\s+3\s+errors\s+<= 0\s+short$/);
    // The value column ends at the same place on every line (right-aligned under "value").
    const valueEnd = header!.indexOf('value') + 'value'.length;
    for (const row of rows) expect(row[valueEnd - 1]).toMatch(/\d/);
  });

  it('a result of another shape (no measure, a text target) is printed with blanks, never a crash', () => {
    // What stream-parse used to return: `name` instead of `measure`, the target as text.
    const odd = { bench: 'stream-parse', name: 'openai', value: 80, unit: 'MB/s', target: '>= 50' };
    const missing = { bench: 'sync', value: Number.NaN } as unknown as NamedResult;
    const table = formatResultsTable([
      {
        bench: 'storage',
        measure: 'save p50',
        value: 1.23456,
        unit: 'ms',
        target: 5,
        note: 'over 200 saves',
      },
      odd as unknown as NamedResult,
      missing,
    ]);
    const [, , ...rows] = rowsOf(table);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatch(/^storage\s+save p50\s+1\.235\s+ms\s+<= 5\s+pass$/);
    expect(rows[1]).toMatch(/^stream-parse\s+80\s+MB\/s\s+<= >= 50/);
    expect(rows[2]).toMatch(/^sync\s+NaN$/);
    expect(table).toContain('notes:\n  storage / save p50: over 200 saves');
  });

  it('an empty run prints the header only', () => {
    expect(rowsOf(formatResultsTable([]))).toHaveLength(2);
  });
});
