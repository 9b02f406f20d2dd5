import type BetterSqlite3 from 'better-sqlite3';
import {
  CompiledQuery,
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
 *
 * With `nextTurn`, the lock is also granted at most once per turn of the event loop: a later
 * caller in the same turn waits for the next one. See `nextLoopTurn` for why the server does so.
 */
export class FifoLock {
  private held = false;
  /** Granted in this turn: nobody else is until the next turn begins. */
  private turnUsed = false;
  private readonly waiters: (() => void)[] = [];

  constructor(private readonly nextTurn?: (run: () => void) => void) {}

  acquire(): Promise<void> {
    if (!this.held && !this.turnUsed && this.waiters.length === 0) {
      this.take();
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /**
   * Hands the lock straight to the oldest waiter (with `nextTurn`, once the turn is over), so
   * nobody can take it in between.
   */
  release(): void {
    this.held = false;
    if (!this.turnUsed) this.handOver();
  }

  private take(): void {
    this.held = true;
    if (!this.nextTurn || this.turnUsed) return;
    this.turnUsed = true;
    this.nextTurn(() => {
      this.turnUsed = false;
      if (!this.held) this.handOver();
    });
  }

  private handOver(): void {
    const next = this.waiters.shift();
    if (!next) return;
    this.take();
    next();
  }
}

/**
 * The next turn of Node's event loop, after it has polled for I/O. The server's SQLite lock is
 * granted once per turn: otherwise every request read in one poll ran to its end in that turn
 * (the database answers synchronously), a turn lasted hundreds of milliseconds under load, and
 * Node accepts one new connection per turn, so a device connecting to a busy server waited
 * seconds for its first answer (SY22, decision 0145). Taken at load: a test's fake timers never
 * hold the database's lock.
 */
export const nextLoopTurn: (run: () => void) => void = setImmediate;

/** Kysely's SQLite driver whose one connection is given out first come, first served. */
class FifoSqliteDriver extends SqliteDriver {
  private readonly lock = new FifoLock(nextLoopTurn);

  override async acquireConnection(): Promise<DatabaseConnection> {
    await this.lock.acquire();
    return super.acquireConnection(); // never waits: this lock already serialises callers
  }

  override async releaseConnection(): Promise<void> {
    await super.releaseConnection();
    this.lock.release();
  }

  /**
   * Every transaction takes SQLite's write lock when it begins (`BEGIN IMMEDIATE`), waiting up to
   * the busy time-out for another process (the license CLI) to finish. Kysely's `begin` is
   * deferred: a transaction that read first and then wrote failed at once with SQLITE_BUSY when
   * another process had written in between (a snapshot that can no longer write; the busy
   * time-out does not apply), and the request answered 500. In this process the lock above
   * already runs one transaction at a time, so taking the write lock early costs nothing here.
   */
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
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
