import type { StorageBackendKind } from './storage-port';
import type { StorageArea, StorageTable } from './storage-tables';

/**
 * The small surface a storage technology must offer (a table of records keyed by id, and
 * transactions over several tables). The record store builds the whole StoragePort on top of it,
 * so parsing, summaries, tombstones and defaults behave the same on every backend.
 */
export interface RecordEngine {
  readonly kind: StorageBackendKind;
  /** The stored value, undefined if absent, an UnreadableValue if it cannot be decoded. */
  get(table: StorageTable, id: string): Promise<unknown>;
  getAll(table: StorageTable): Promise<StoredRow[]>;
  /**
   * Optional: several records of one table in one read (one transaction), in the order asked,
   * undefined where absent. Without it, callers fall back to `get` per id.
   */
  getMany?(table: StorageTable, ids: readonly string[]): Promise<unknown[]>;
  /** Optional index lookup: rows whose top-level `field` equals `value` (or contains it, for lists). */
  getWhere?(table: StorageTable, field: string, value: string): Promise<StoredRow[]>;
  /** Rows whose key starts with `prefix`, in key order (a chat's message rows). */
  getPrefix(table: StorageTable, prefix: string): Promise<StoredRow[]>;
  /**
   * Runs `work` over one consistent view of these tables (no write lands in between). `work` may
   * only await the reader's requests.
   */
  read<T>(tables: readonly StorageTable[], work: (tx: EngineReader) => Promise<T>): Promise<T>;
  /** Runs `work` atomically: if it throws, no write it made is kept. */
  transact<T>(tables: readonly StorageTable[], work: (tx: EngineTransaction) => Promise<T>): Promise<T>;
  /** Tells other tabs about a committed local change (no-op where the platform does it itself). */
  announce?(change: EngineChange): void;
  /** Changes committed by other tabs. */
  watch?(listener: (change: EngineChange) => void): () => void;
  /**
   * Optional: brings the engine's packed copy of the chat summaries up to date when it is missing
   * or far behind (storage SPEC PK). Engines whose summary read is already one cheap read have none.
   */
  packSummaries?(options?: PackSummariesOptions): Promise<SummaryPackOutcome>;
  close(): Promise<void>;
}

/**
 * What a packing pass did: `current` (nothing to do), `packed` (a new copy written), `small` (too
 * few summaries for a copy to pay), `changed` (another write came between its reads and its write in
 * a way it could not follow: try again later).
 */
export type SummaryPackOutcome = 'current' | 'packed' | 'small' | 'changed';

export interface PackSummariesOptions {
  /**
   * Awaited between the pass's steps (each reads or writes a slice), so it never holds the page
   * for long: the app passes a wait for an idle moment.
   */
  readonly pause?: () => Promise<void>;
  /** Below this many summaries no copy is built (default: the engine's own). */
  readonly minRows?: number;
}

export interface StoredRow {
  readonly id: string;
  readonly value: unknown;
}

export interface EngineReader {
  get(table: StorageTable, id: string): Promise<unknown>;
  getAll(table: StorageTable): Promise<StoredRow[]>;
  /** Rows whose key starts with `prefix`, in key order. */
  getPrefix(table: StorageTable, prefix: string): Promise<StoredRow[]>;
}

export interface EngineTransaction extends EngineReader {
  put(table: StorageTable, id: string, value: object): Promise<void>;
  delete(table: StorageTable, id: string): Promise<void>;
  /** The keys that start with `prefix`, in key order. */
  keysWithPrefix(table: StorageTable, prefix: string): Promise<string[]>;
  /**
   * Optional: no request follows the ones made. The engine may commit as soon as they are done,
   * without waiting for the caller to take each result (IndexedDB's `commit()`: one round trip less
   * between the page and the database, and a busy page does not hold the commit back). The end of
   * the transaction is still awaited, so a write that resolved is committed (MR12).
   */
  commit?(): void;
}

export interface EngineChange {
  readonly area: StorageArea;
  readonly ids: readonly string[];
}

/** What an engine returns for a stored value it cannot decode (e.g. localStorage text that is not JSON). */
export class UnreadableValue {
  constructor(readonly reason: string) {}
}

/**
 * Fault injection for tests: engines call beforeWrite inside the transaction before each record
 * write; whatever it throws aborts the transaction the way a real failure would.
 */
export interface WriteFaults {
  beforeWrite(table: StorageTable, id: string): void;
}

/**
 * Test double for WriteFaults: records every write it sees (`table/id`) and can fail write number
 * `n` after arming, once.
 */
export class ScriptedWriteFaults implements WriteFaults {
  readonly writes: string[] = [];
  private plan: { remaining: number; error: () => Error } | undefined;

  failWrite(n: number, error: () => Error): void {
    this.plan = { remaining: n, error };
  }

  disarm(): void {
    this.plan = undefined;
  }

  beforeWrite(table: StorageTable, id: string): void {
    this.writes.push(`${table}/${id}`);
    if (!this.plan) return;
    this.plan.remaining -= 1;
    if (this.plan.remaining > 0) return;
    const { error } = this.plan;
    this.plan = undefined;
    throw error();
  }
}
