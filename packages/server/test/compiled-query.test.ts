import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { compiledOnce, MAX_COMPILED_LIST } from '../src/db/compiled-query';
import { forEachDatabase } from './db-harness';

const USER = {
  email: 'compiled@example.com',
  password_hash: 'x',
  created_at: 1,
  total_usage_bytes: 0,
  limit_usage_bytes: 1000,
};

const recordsOf = compiledOnce((db, userId: string, ids: readonly string[]) =>
  db
    .selectFrom('sync_records')
    .select(['item_id', 'data'])
    .where('user_id', '=', userId)
    .where('item_id', 'in', ids)
    .orderBy('item_id'),
);

const addBytes = compiledOnce((db, userId: string, delta: number) =>
  db
    .updateTable('users')
    .set((eb) => ({ total_usage_bytes: eb('total_usage_bytes', '+', delta) }))
    .where('id', '=', userId)
    .returning('total_usage_bytes'),
);

describe('compiledOnce (decision 0158)', () => {
  forEachDatabase((t) => {
    async function seed(count: number) {
      const { db } = t.database();
      await db
        .insertInto('users')
        .values([
          { id: 'u1', ...USER },
          { id: 'u2', ...USER, email: 'other@example.com' },
        ])
        .execute();
      const ids = Array.from({ length: count }, (_, n) => `c${String(n).padStart(3, '0')}`);
      await db
        .insertInto('sync_records')
        .values(
          ['u1', 'u2'].flatMap((user) =>
            ids.map((id) => ({
              user_id: user,
              kind: 'chat',
              item_id: id,
              data: `${user}:${id}`,
              updated_at: 1,
              deleted_at: null,
              server_updated_at: 1,
              size_bytes: 1,
            })),
          ),
        )
        .execute();
      return { db, ids };
    }

    it('binds each call its own values, in and out of a transaction', async () => {
      const { db } = await seed(3);
      expect(await recordsOf(db, 'u1', ['c001'])).toEqual([{ item_id: 'c001', data: 'u1:c001' }]);
      expect(await recordsOf(db, 'u2', ['c002'])).toEqual([{ item_id: 'c002', data: 'u2:c002' }]);
      const inTransaction = await db
        .transaction()
        .execute(async (trx) => [await addBytes(trx, 'u1', 5), await addBytes(trx, 'u1', 7)]);
      expect(inTransaction).toEqual([[{ total_usage_bytes: 5 }], [{ total_usage_bytes: 12 }]]);
      expect(await addBytes(db, 'u2', -3)).toEqual([{ total_usage_bytes: -3 }]);
    });

    it('compiles a list argument once per length and builds a list longer than the limit each time', async () => {
      const { db, ids } = await seed(MAX_COMPILED_LIST + 3);
      for (const length of [1, 2, 1, 3, MAX_COMPILED_LIST, MAX_COMPILED_LIST + 1, MAX_COMPILED_LIST + 3]) {
        const wanted = ids.slice(length === 2 ? 1 : 0, (length === 2 ? 1 : 0) + length);
        const rows = await recordsOf(db, 'u1', wanted);
        expect(rows.map((row) => row.item_id)).toEqual(wanted);
        expect(rows.every((row) => row.data.startsWith('u1:'))).toBe(true);
      }
      // Values that look like SQL are bound, never spliced in.
      expect(await recordsOf(db, "u1' or '1'='1", ['c000'])).toEqual([]);
    });

    it('refuses, at its first compile, an argument that shapes the SQL instead of becoming a parameter', async () => {
      const { db } = await seed(1);
      const shaped = compiledOnce((database, column: string) =>
        // Spliced into the text: the value would decide the SQL, so it cannot be compiled once.
        database.selectFrom('users').select(sql.raw<string>(String(column)).as('value')),
      );
      await expect(shaped(db, 'email')).rejects.toThrow(/did not become parameters/);
    });
  });
});
