import { sql, type Transaction } from 'kysely';
import type { Database } from '../db';
import { compiledOnce } from '../db/compiled-query';

/**
 * Takes the next stamp of the user's sync clock: the server's time, or one past the last stamp if
 * the clock has not moved (or went back), so stamps strictly increase per user (SY1). The upsert is
 * also the per-user lock of the sync transaction: on PostgreSQL it holds the clock row until commit,
 * on SQLite it takes the write lock first thing, so two syncs of one user (from any process on the
 * same database) run one after the other (SY9).
 */
export async function takeSyncStamp(
  trx: Transaction<Database>,
  userId: string,
  now: number,
): Promise<number> {
  const [row] = await nextStamp(trx, userId, now);
  if (!row) throw new Error('the sync clock gave no stamp');
  return Number(row.server_time);
}

const nextStamp = compiledOnce((db, userId: string, now: number) =>
  db
    .insertInto('sync_clocks')
    .values({ user_id: userId, server_time: now })
    .onConflict((conflict) =>
      conflict.column('user_id').doUpdateSet({
        server_time: sql<number>`case when sync_clocks.server_time + 1 > excluded.server_time then sync_clocks.server_time + 1 else excluded.server_time end`,
      }),
    )
    .returning('server_time'),
);
