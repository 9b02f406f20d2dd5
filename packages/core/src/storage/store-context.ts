import { isRawRecord } from '../entities';
import type { EntityParser, ParseIssue } from '../entities';
import type { Clock, IdGenerator } from '../platform';
import { isoNow } from '../platform';
import type { EngineTransaction, RecordEngine } from './record-engine';
import { UnreadableValue } from './record-engine';
import { StorageError, toStorageError } from './storage-error';
import type { StorageChangeListener, StorageIssueListener } from './storage-port';
import type { StorageArea, StorageTable } from './storage-tables';

/**
 * What every repository of the record store shares: the engine, time and ids, the decoding of
 * stored values (tolerant parse plus issue reporting) and change notification.
 */
export class StoreContext {
  private readonly reported = new Set<string>();
  private readonly listeners = new Set<StorageChangeListener>();

  constructor(
    readonly engine: RecordEngine,
    readonly clock: Clock,
    readonly ids: IdGenerator,
    private readonly onIssue: StorageIssueListener | undefined,
  ) {}

  now(): string {
    return isoNow(this.clock);
  }

  /**
   * Decodes a stored value. A value that is unreadable or partly invalid still yields a record (its
   * key as id, defaults for the bad fields) and is reported once per session.
   */
  decode<T>(table: StorageTable, id: string, raw: unknown, parser: EntityParser<T>): T {
    const preIssues: ParseIssue[] = [];
    let input: Record<string, unknown> = { id };
    if (raw instanceof UnreadableValue) preIssues.push({ path: '', message: raw.reason });
    else if (!isRawRecord(raw)) preIssues.push({ path: '', message: 'stored value is not a record' });
    else input = { ...raw, id };
    const result = parser.safeParse(input);
    const issues = [...preIssues, ...result.issues];
    if (issues.length > 0) this.report(table, id, 'read', issues);
    if (!result.success) {
      throw new StorageError('corrupt_record', `${table}/${id} cannot be read: ${issues[0]?.message ?? ''}`);
    }
    return result.data;
  }

  /** Parses a record on its way in; unrecoverable input is rejected with corrupt_record. */
  encode<T>(table: StorageTable, input: unknown, parser: EntityParser<T>): T {
    const result = parser.safeParse(input);
    const id = isRawRecord(input) && typeof input.id === 'string' ? input.id : '(no id)';
    if (!result.success) {
      throw new StorageError(
        'corrupt_record',
        `${table}/${id} is not a valid ${parser.name}: ${result.issues[0]?.message ?? ''}`,
      );
    }
    if (result.issues.length > 0) this.report(table, id, 'write', result.issues);
    return result.data;
  }

  report(table: StorageTable, id: string, operation: 'read' | 'write', issues: readonly ParseIssue[]): void {
    const key = `${operation}:${table}/${id}`;
    if (this.reported.has(key)) return;
    this.reported.add(key);
    this.onIssue?.({ code: 'corrupt_record', table, id, operation, issues });
  }

  /** Runs a read, mapping engine failures to StorageError. */
  async read<T>(action: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      throw toStorageError(error, action);
    }
  }

  /**
   * Runs a write transaction; on success announces the change (to this tab's listeners and to
   * other tabs). `work` returns the ids it changed.
   */
  async write<T>(
    action: string,
    area: StorageArea,
    tables: readonly StorageTable[],
    work: (tx: EngineTransaction) => Promise<{ ids: readonly string[]; result: T }>,
  ): Promise<T> {
    let outcome: { ids: readonly string[]; result: T };
    try {
      outcome = await this.engine.transact(tables, work);
    } catch (error) {
      throw toStorageError(error, action);
    }
    for (const id of outcome.ids) {
      this.reported.delete(`read:${tables[0]}/${id}`);
    }
    if (outcome.ids.length > 0) {
      this.engine.announce?.({ area, ids: outcome.ids });
      this.emit({ area, ids: outcome.ids, origin: 'local' });
    }
    return outcome.result;
  }

  emit(change: Parameters<StorageChangeListener>[0]): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(change);
      } catch (error) {
        // A failing listener must not break the write that already committed, nor other listeners.
        console.error('storage change listener failed', error);
      }
    }
  }

  subscribe(listener: StorageChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

/** Records with sync timestamps and tombstones. */
export interface TimestampedRecord {
  id: string;
  createdAt: string;
  updatedAt: string;
  deletedAt: string | null;
}

export function newestFirst(
  a: { updatedAt: string; id: string },
  b: { updatedAt: string; id: string },
): number {
  if (a.updatedAt !== b.updatedAt) return a.updatedAt < b.updatedAt ? 1 : -1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}
