import type { Kysely } from 'kysely';

// Scheduled cloud backups: several point-in-time copies per user, kept by retention (SY12).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sync_backup_history')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    // JSON text of BackupDataSchema (core sync-client), records as stored.
    .addColumn('data', 'text', (col) => col.notNull())
    .addColumn('counts', 'text', (col) => col.notNull())
    .addColumn('size_bytes', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('sync_backup_history_user_time')
    .on('sync_backup_history')
    .columns(['user_id', 'created_at'])
    .execute();
}
