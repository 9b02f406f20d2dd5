import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('licenses')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('key_hash', 'text', (col) => col.notNull().unique())
    .addColumn('key_hint', 'text', (col) => col.notNull())
    .addColumn('plan', 'text', (col) => col.notNull())
    .addColumn('max_devices', 'integer', (col) => col.notNull())
    .addColumn('max_users', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('revoked_at', 'bigint')
    .execute();

  await db.schema
    .createTable('license_devices')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('license_id', 'text', (col) => col.notNull().references('licenses.id').onDelete('cascade'))
    .addColumn('device_id', 'text', (col) => col.notNull())
    .addColumn('device_name', 'text', (col) => col.notNull())
    .addColumn('activated_at', 'bigint', (col) => col.notNull())
    .addColumn('last_seen_at', 'bigint', (col) => col.notNull())
    .addColumn('unlinked_at', 'bigint')
    .execute();
  // A device holds at most one live link per license; concurrent activations cannot double-book it.
  await db.schema
    .createIndex('license_devices_live_device')
    .on('license_devices')
    .columns(['license_id', 'device_id'])
    .unique()
    .where(sql.ref('unlinked_at'), 'is', null)
    .execute();
}
