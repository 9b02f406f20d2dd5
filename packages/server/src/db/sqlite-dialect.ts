import type BetterSqlite3 from 'better-sqlite3';
import {
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Driver,
  type SqliteDatabase,
  type SqliteStatement,
} from 'kysely';

/**
 * A lock handed to waiters in arrival order. Kysely's own SQLite mutex wakes every waiter on each
 * release and lets newcomers barge in, so under many concurrent requests some wait for seconds.
 */
export class FifoLock {
  private held = false;
  private readonly waiters: (() => void)[] = [];

  acquire(): Promise<void> {
    if (!this.held) {
      this.held = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /** Hands the lock straight to the oldest waiter, so nobody can take it in between. */
  release(): void {
    const next = this.waiters.shift();
    if (next) next();
    else this.held = false;
  }
}

/** Kysely's SQLite driver whose one connection is given out first come, first served. */
class FifoSqliteDriver extends SqliteDriver {
  private readonly lock = new FifoLock();

  override async acquireConnection(): Promise<DatabaseConnection> {
    await this.lock.acquire();
    return super.acquireConnection(); // never waits: this lock already serialises callers
  }

  override async releaseConnection(): Promise<void> {
    await super.releaseConnection();
    this.lock.release();
  }
}

export class FifoSqliteDialect extends SqliteDialect {
  constructor(private readonly database: SqliteDatabase) {
    super({ database });
  }

  override createDriver(): Driver {
    return new FifoSqliteDriver({ database: this.database });
  }
}

export const STATEMENT_CACHE_SIZE = 256;

/**
 * better-sqlite3 behind Kysely, keeping compiled statements by SQL text (least recently used go
 * first). Kysely prepares every query anew, and compiling the SQL was a tenth of a small sync's
 * time. A statement still being iterated is busy: the caller then gets a fresh one.
 */
export function withStatementCache(
  sqlite: BetterSqlite3.Database,
  capacity = STATEMENT_CACHE_SIZE,
): SqliteDatabase {
  const cache = new Map<string, BetterSqlite3.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string): SqliteStatement {
      const cached = cache.get(sql);
      if (cached && !cached.busy) {
        cache.delete(sql); // re-inserted below: Map order is the recency order
        cache.set(sql, cached);
        return cached;
      }
      const statement = sqlite.prepare(sql);
      if (!cached) {
        cache.set(sql, statement);
        if (cache.size > capacity) cache.delete(cache.keys().next().value!);
      }
      return statement;
    },
  };
}
