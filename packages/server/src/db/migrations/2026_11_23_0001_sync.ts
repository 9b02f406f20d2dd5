import type { Kysely } from 'kysely';

// Cloud sync storage: one row per synced record, the per-user sync clock, upload buffers and
// response chunk listings. Rules: src/sync/SPEC.md.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sync_records')
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    // chat, folder, prompt, character, plugin or settings (one row per settings section).
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('item_id', 'text', (col) => col.notNull())
    .addColumn('data', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .addColumn('deleted_at', 'bigint')
    .addColumn('server_updated_at', 'bigint', (col) => col.notNull())
    .addColumn('size_bytes', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('sync_records_pk', ['user_id', 'kind', 'item_id'])
    .execute();
  await db.schema
    .createIndex('sync_records_changes')
    .on('sync_records')
    .columns(['user_id', 'server_updated_at'])
    .execute();

  await db.schema
    .createTable('sync_clocks')
    .addColumn('user_id', 'text', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('server_time', 'bigint', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('sync_buffers')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .addColumn('size_bytes', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('sync_buffers_expiry').on('sync_buffers').column('expires_at').execute();

  await db.schema
    .createTable('sync_buffer_chunks')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('buffer_id', 'text', (col) => col.notNull().references('sync_buffers.id').onDelete('cascade'))
    .addColumn('data', 'text', (col) => col.notNull())
    .addColumn('size_bytes', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('sync_buffer_chunks_buffer')
    .on('sync_buffer_chunks')
    .column('buffer_id')
    .execute();

  await db.schema
    .createTable('sync_response_chunks')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull())
    // JSON list of item ids; the items are read when the chunk is fetched.
    .addColumn('item_ids', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('sync_response_chunks_expiry')
    .on('sync_response_chunks')
    .column('expires_at')
    .execute();
}
