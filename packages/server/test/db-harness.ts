import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe } from 'vitest';
import { migrateToLatest, openDatabase, type DatabaseDialect, type OpenDatabase } from '../src/db';

export type DatabaseUnderTest = {
  dialect: DatabaseDialect;
  /** The current test's own freshly migrated database. */
  database(): OpenDatabase;
  /** A temp directory of the current test (SQLite file lives here; use it as DATA_DIR). */
  dataDir(): string;
  /** Config that opens the same database again (e.g. for a child process). */
  config(): { dataDir: string; databaseUrl?: string };
};

const postgresUrl = process.env.TEST_DATABASE_URL;

/**
 * Runs the tests `fn` registers once on SQLite and once on PostgreSQL (when TEST_DATABASE_URL is
 * set; otherwise the PostgreSQL block is reported as skipped with the reason in its title). Every
 * test gets an isolated, migrated database: a fresh SQLite file in a temp dir, or a fresh schema.
 * With `{ shared: true }` the tests of each block share one database (opened before the first,
 * removed after the last): for tests that each start a real server process against it, where the
 * start costs more than the test; each test then uses its own accounts.
 */
export function forEachDatabase(
  fn: (t: DatabaseUnderTest) => void,
  { shared = false }: { shared?: boolean } = {},
): void {
  const before = shared ? beforeAll : beforeEach;
  const after = shared ? afterAll : afterEach;
  describe('SQLite', () => {
    const t = databaseSlot('sqlite');
    before(async () => {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'parley-db-'));
      await t.open({ dataDir });
    });
    after(async () => {
      const dir = t.dataDir();
      await t.close();
      rmSync(dir, { recursive: true, force: true });
    });
    fn(t);
  });

  const title = postgresUrl ? 'PostgreSQL' : 'PostgreSQL (SKIPPED: TEST_DATABASE_URL not set)';
  describe.skipIf(!postgresUrl)(title, () => {
    const t = databaseSlot('postgres');
    let admin: pg.Client;
    let schema = '';
    beforeAll(async () => {
      admin = new pg.Client({ connectionString: postgresUrl });
      await admin.connect();
    });
    afterAll(async () => {
      await admin.end();
    });
    before(async () => {
      schema = `test_${randomBytes(6).toString('hex')}`;
      await admin.query(`create schema "${schema}"`);
      const url = new URL(postgresUrl!);
      url.searchParams.set('options', `-c search_path=${schema}`);
      await t.open({
        dataDir: mkdtempSync(path.join(os.tmpdir(), 'parley-db-')),
        databaseUrl: url.toString(),
      });
    });
    after(async () => {
      const dir = t.dataDir();
      await t.close();
      rmSync(dir, { recursive: true, force: true });
      await admin.query(`drop schema "${schema}" cascade`);
    });
    fn(t);
  });
}

function databaseSlot(dialect: DatabaseDialect) {
  let current: { database: OpenDatabase; config: { dataDir: string; databaseUrl?: string } } | undefined;
  const get = () => {
    if (!current) throw new Error('No database: use it inside a test of forEachDatabase');
    return current;
  };
  return {
    dialect,
    database: () => get().database,
    dataDir: () => get().config.dataDir,
    config: () => get().config,
    async open(config: { dataDir: string; databaseUrl?: string }) {
      const database = openDatabase(config);
      await migrateToLatest(database);
      current = { database, config };
    },
    async close() {
      await current?.database.close();
      current = undefined;
    },
  };
}
