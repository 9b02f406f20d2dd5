import { isSecretRow } from '../models';
import { isRawRecord } from './entity-parser';

const ROW_FIELDS = ['headerRows', 'bodyRows'] as const;

/**
 * The copy of a model a chat or an agent keeps (`modelInfo`) never carries the values of secret
 * rows (an `Authorization` header, an `api_key` body field): those live in the key vault only
 * (decision 0016). Snapshots taken before that rule, or arriving from another device or an export,
 * lose the values on parse, so they are not stored, synced or exported again.
 */
export function withoutSecretRowValues(value: unknown): unknown {
  if (!isRawRecord(value)) return value;
  let next: Record<string, unknown> | null = null;
  for (const field of ROW_FIELDS) {
    const rows = value[field];
    if (!Array.isArray(rows)) continue;
    const blanked = rows.map((row: unknown) =>
      isRawRecord(row) && typeof row.key === 'string' && isSecretRow(row.key) && row.value !== ''
        ? { ...row, value: '' }
        : row,
    );
    if (blanked.some((row, i) => row !== rows[i])) {
      next ??= { ...value };
      next[field] = blanked;
    }
  }
  return next ?? value;
}
