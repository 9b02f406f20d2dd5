import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Attachment bytes synced as BLOB items (src/sync/SPEC.md SY13-SY16, decision 0056): one row per
// blob an account holds, keyed by the account and the content-addressed id.
export async function up(db: Kysely<unknown>): Promise<void> {
  const bytes = db.getExecutor().adapter instanceof PostgresAdapter ? sql`bytea` : sql`blob`;
  await db.schema
    .createTable('sync_blobs')
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('id', 'text', (col) => col.notNull())
    .addColumn('content_type', 'text', (col) => col.notNull())
    .addColumn('size_bytes', 'bigint', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('data', bytes, (col) => col.notNull())
    .addPrimaryKeyConstraint('sync_blobs_pk', ['user_id', 'id'])
    .execute();
}
