import { sql, type Kysely } from 'kysely';

// Quota checks read an account's upload buffer bytes from a running total kept on its row, updated
// in the transactions that add, consume and sweep buffers, instead of summing its buffers on every
// sync, upload and share (SY7, decision 0075). The accounts that hold buffers get their sum now;
// an index by account serves the exact count of live buffers while an account has any.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('buffered_bytes', 'bigint', (col) => col.notNull().defaultTo(0))
    .execute();
  await sql`
    update users set buffered_bytes = coalesce(
      (select sum(size_bytes) from sync_buffers where sync_buffers.user_id = users.id), 0)
  `.execute(db);
  await db.schema
    .createIndex('sync_buffers_user')
    .on('sync_buffers')
    .columns(['user_id', 'expires_at'])
    .execute();
}
