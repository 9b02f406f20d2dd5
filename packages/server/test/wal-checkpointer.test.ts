import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, sqliteFileName } from '../src/db';
import { FALLBACK_AUTOCHECKPOINT_PAGES } from '../src/db/wal-checkpointer';

const ROW = 'x'.repeat(100_000);
const ROWS = 30; // 3 MB: far below the fallback's 40 MB, so only the worker checkpoints it

async function waitFor(condition: () => boolean, timeoutMs = 15_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return condition();
}

describe('background WAL checkpoints (SQLite)', () => {
  let dataDir = '';
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('copies committed pages into the database file from the worker, not in a commit', async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'parley-wal-'));
    const database = openDatabase({ dataDir }, { backgroundCheckpoints: true });
    try {
      const { rows } = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(
        database.db,
      );
      expect(rows[0]?.wal_autocheckpoint).toBe(FALLBACK_AUTOCHECKPOINT_PAGES);

      await sql`create table blobs (data text not null)`.execute(database.db);
      for (let n = 0; n < ROWS; n += 1)
        await sql`insert into blobs (data) values (${ROW})`.execute(database.db);

      const file = path.join(dataDir, sqliteFileName);
      const checkpointed = await waitFor(() => statSync(file).size >= ROWS * ROW.length);
      expect(checkpointed).toBe(true);
    } finally {
      await database.close();
    }
  }, 30_000); // a hang guard for a loaded machine, not a speed requirement

  it('close() stops the worker and leaves every commit in the database', async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'parley-wal-'));
    const first = openDatabase({ dataDir }, { backgroundCheckpoints: true });
    await sql`create table blobs (data text not null)`.execute(first.db);
    await sql`insert into blobs (data) values (${ROW})`.execute(first.db);
    await first.close();

    const again = openDatabase({ dataDir });
    try {
      const { rows } = await sql<{ n: number }>`select count(*) as n from blobs`.execute(again.db);
      expect(rows[0]?.n).toBe(1);
    } finally {
      await again.close();
    }
  });
});
