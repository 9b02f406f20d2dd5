import type { Kysely } from 'kysely';

// Manual cloud backups: the latest snapshot of each user's synced records. Rules: src/sync/SPEC.md (SY11).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sync_backups')
    .addColumn('user_id', 'text', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    // JSON text of BackupDataSchema (core sync-client), records as stored.
    .addColumn('data', 'text', (col) => col.notNull())
    // JSON text of the record counts per kind.
    .addColumn('counts', 'text', (col) => col.notNull())
    .addColumn('size_bytes', 'bigint', (col) => col.notNull())
    .execute();
}
