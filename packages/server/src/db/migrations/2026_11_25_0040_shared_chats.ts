import type { Kysely } from 'kysely';

// Public share links: a read-only snapshot of one chat's visible path (src/share/SPEC.md SH rules).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('shared_chats')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('chat_id', 'text', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    // JSON text of the SharedChat snapshot (core sync-client share-protocol.ts).
    .addColumn('data', 'text', (col) => col.notNull())
    .addColumn('message_count', 'integer', (col) => col.notNull())
    .addColumn('size_bytes', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('shared_chats_user_time')
    .on('shared_chats')
    .columns(['user_id', 'created_at'])
    .execute();
}
