import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { FifoLock, FifoSqliteDialect, withStatementCache } from '../src/db/sqlite-dialect';

describe('FifoLock', () => {
  it('hands the lock to waiters in arrival order', async () => {
    const lock = new FifoLock();
    const order: number[] = [];
    await lock.acquire();
    const waiters = [1, 2, 3].map((n) =>
      lock.acquire().then(() => {
        order.push(n);
        lock.release();
      }),
    );
    lock.release();
    await Promise.all(waiters);
    expect(order).toEqual([1, 2, 3]);
  });

  it('lets no newcomer take the lock before a waiter', async () => {
    const lock = new FifoLock();
    const order: string[] = [];
    await lock.acquire();
    const waiter = lock.acquire().then(() => {
      order.push('waiter');
      lock.release();
    });
    lock.release();
    // Arrives after the release, but before the waiter had a chance to run.
    const newcomer = lock.acquire().then(() => {
      order.push('newcomer');
      lock.release();
    });
    await Promise.all([waiter, newcomer]);
    expect(order).toEqual(['waiter', 'newcomer']);
  });

  it('is free again once every holder released it', async () => {
    const lock = new FifoLock();
    await lock.acquire();
    lock.release();
    let acquired = false;
    void lock.acquire().then(() => {
      acquired = true;
    });
    await Promise.resolve();
    expect(acquired).toBe(true);
  });
});

describe('FifoLock with turns (SY22, decision 0145)', () => {
  /** A hand-driven event loop: `turn()` ends the current turn and begins the next. */
  function manualTurns() {
    let pending: (() => void)[] = [];
    return {
      nextTurn: (run: () => void) => {
        pending.push(run);
      },
      turn: async () => {
        const due = pending;
        pending = [];
        for (const run of due) run();
        await new Promise((resolve) => setTimeout(resolve, 0)); // let the granted holders run
      },
    };
  }

  it('SY22 grants the lock once a turn: a caller later in the same turn waits for the next', async () => {
    const loop = manualTurns();
    const lock = new FifoLock(loop.nextTurn);
    const order: string[] = [];
    const holder = async (name: string) => {
      await lock.acquire();
      order.push(name);
      lock.release(); // the database answers synchronously: a holder is done within its turn
    };
    const all = Promise.all(['a', 'b', 'c'].map(holder));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(order).toEqual(['a']);
    await loop.turn();
    expect(order).toEqual(['a', 'b']);
    // A newcomer arriving now queues behind the waiter, in arrival order.
    const late = holder('d');
    await loop.turn();
    expect(order).toEqual(['a', 'b', 'c']);
    await loop.turn();
    await loop.turn();
    await Promise.all([all, late]);
    expect(order).toEqual(['a', 'b', 'c', 'd']);
  });

  it('hands over at release when the holder kept the lock past its turn', async () => {
    const loop = manualTurns();
    const lock = new FifoLock(loop.nextTurn);
    await lock.acquire();
    let waiterHas = false;
    void lock.acquire().then(() => {
      waiterHas = true;
    });
    await loop.turn(); // the turn ends while the first holder still holds it
    expect(waiterHas).toBe(false);
    lock.release();
    await Promise.resolve();
    expect(waiterHas).toBe(true);
  });

  it('is taken at once in a fresh turn', async () => {
    const loop = manualTurns();
    const lock = new FifoLock(loop.nextTurn);
    await lock.acquire();
    lock.release();
    await loop.turn();
    let acquired = false;
    void lock.acquire().then(() => {
      acquired = true;
    });
    await Promise.resolve();
    expect(acquired).toBe(true);
  });
});

describe('withStatementCache', () => {
  let dir = '';
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  function openTestDatabase() {
    dir = mkdtempSync(path.join(os.tmpdir(), 'parley-stmt-'));
    const sqlite = new SqliteDatabase(path.join(dir, 'test.sqlite'));
    sqlite.exec('create table t (n integer)');
    sqlite.exec('insert into t values (1), (2), (3)');
    return sqlite;
  }

  it('reuses the compiled statement of the same SQL', () => {
    const database = withStatementCache(openTestDatabase());
    const first = database.prepare('select n from t where n > ?');
    expect(database.prepare('select n from t where n > ?')).toBe(first);
    expect(first.all([1])).toEqual([{ n: 2 }, { n: 3 }]);
    expect(database.prepare('select n from t where n < ?')).not.toBe(first);
    database.close();
  });

  it('gives a fresh statement while the cached one is still being iterated', () => {
    const database = withStatementCache(openTestDatabase());
    const sql = 'select n from t order by n';
    const outer = database.prepare(sql);
    const seen: unknown[] = [];
    for (const row of outer.iterate([])) {
      const inner = database.prepare(sql);
      expect(inner).not.toBe(outer);
      seen.push(row, inner.all([]).length);
    }
    expect(seen).toEqual([{ n: 1 }, 3, { n: 2 }, 3, { n: 3 }, 3]);
    database.close();
  });

  it('keeps at most its capacity, dropping the least recently used', () => {
    const database = withStatementCache(openTestDatabase(), 2);
    const a = database.prepare('select 1');
    const b = database.prepare('select 2');
    expect(database.prepare('select 1')).toBe(a); // now the most recently used
    database.prepare('select 3'); // evicts 'select 2'
    expect(database.prepare('select 1')).toBe(a);
    expect(database.prepare('select 2')).not.toBe(b);
    database.close();
  });
});

describe('FifoSqliteDialect transactions', () => {
  let dir = '';
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('a transaction that reads, then writes, is not failed by another process writing in between', async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'parley-tx-'));
    const file = path.join(dir, 'test.sqlite');
    const server = new SqliteDatabase(file);
    server.pragma('journal_mode = WAL');
    server.pragma('busy_timeout = 200');
    server.exec('create table t (n integer)');
    const db = new Kysely<{ t: { n: number } }>({ dialect: new FifoSqliteDialect(server) });
    // The other process (the license CLI): it does not wait for the lock.
    const other = new SqliteDatabase(file);
    other.pragma('busy_timeout = 0');
    let otherWrote = true;

    await db.transaction().execute(async (trx) => {
      const before = await sql<{ count: number }>`select count(*) as count from t`.execute(trx);
      expect(before.rows[0]?.count).toBe(0);
      try {
        other.exec('insert into t values (99)');
      } catch {
        otherWrote = false; // SQLITE_BUSY: the transaction holds the write lock since it began
      }
      await trx.insertInto('t').values({ n: 1 }).execute();
    });

    expect(otherWrote).toBe(false);
    expect(server.prepare('select n from t').all()).toEqual([{ n: 1 }]);
    other.close();
    await db.destroy();
  });
});
