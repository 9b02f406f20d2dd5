import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';
import { FifoSqliteDialect, withStatementCache } from './sqlite-dialect';
import {
  FALLBACK_AUTOCHECKPOINT_PAGES,
  startWalCheckpointer,
  type WalCheckpointer,
} from './wal-checkpointer';

export type DatabaseConfig = {
  /** SQLite lives at `<dataDir>/parley.sqlite` when no databaseUrl is given. */
  dataDir: string;
  /** `postgres://...` selects PostgreSQL. */
  databaseUrl?: string | undefined;
  /** PostgreSQL connections this process keeps (default 10). */
  poolSize?: number | undefined;
};

export type DatabaseDialect = 'sqlite' | 'postgres';

export type OpenDatabaseOptions = {
  /**
   * SQLite: checkpoint the WAL from a worker thread instead of inside a request's commit (the
   * server does; the CLI and tests, which write little, need not).
   */
  backgroundCheckpoints?: boolean;
  /** Told when a background checkpoint fails (the fallback automatic checkpoint still runs). */
  onCheckpointError?: (message: string) => void;
};

export type OpenDatabase = {
  db: Kysely<Database>;
  dialect: DatabaseDialect;
  close(): Promise<void>;
};

export const sqliteFileName = 'parley.sqlite';

/** Opens the server database. Does not migrate: call `migrateToLatest` next. */
export function openDatabase(config: DatabaseConfig, options: OpenDatabaseOptions = {}): OpenDatabase {
  if (config.databaseUrl) {
    const db = openPostgres(config.databaseUrl, config.poolSize ?? 10);
    return { db, dialect: 'postgres', close: () => db.destroy() };
  }
  const { db, checkpointer } = openSqlite(config.dataDir, options);
  return {
    db,
    dialect: 'sqlite',
    close: async () => {
      await checkpointer?.stop();
      await db.destroy();
    },
  };
}

function openSqlite(
  dataDir: string,
  options: OpenDatabaseOptions,
): { db: Kysely<Database>; checkpointer?: WalCheckpointer } {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, sqliteFileName);
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL'); // safe with WAL: a crash loses at most the last commits
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000'); // the license CLI may write while the server runs
  const db = new Kysely<Database>({ dialect: new FifoSqliteDialect(withStatementCache(sqlite)) });
  if (!options.backgroundCheckpoints) return { db };
  sqlite.pragma(`wal_autocheckpoint = ${FALLBACK_AUTOCHECKPOINT_PAGES}`);
  return { db, checkpointer: startWalCheckpointer(file, { onError: options.onCheckpointError }) };
}

const INT8_OID = 20;

// bigint columns hold epoch milliseconds and byte counts, far below 2^53, so they are read as
// numbers, as SQLite returns them. A value that would lose precision is an error, not a rounding.
function parseInt8(text: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value)) throw new RangeError(`bigint ${text} does not fit a JavaScript number`);
  return value;
}

const pgTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID && format !== 'binary'
      ? parseInt8
      : pg.types.getTypeParser(oid, format ?? 'text')) as typeof pg.types.getTypeParser,
};

function openPostgres(connectionString: string, max: number): Kysely<Database> {
  const pool = new pg.Pool({ connectionString, types: pgTypes, max });
  // An idle client that loses its connection is dropped by the pool and the next query
  // reconnects; without a listener the 'error' event would crash the process.
  pool.on('error', () => {});
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}
