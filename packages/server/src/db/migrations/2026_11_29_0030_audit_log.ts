import type { Kysely } from 'kysely';

// Teams (issue #37): the audit log of admin actions (src/admin/SPEC.md AD1). Rows are only ever
// added. `actor_id` is not a foreign key: the log outlives the account that acted; null is the
// identity provider (SCIM) or the server itself. `details` is JSON text without secrets.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('actor_id', 'text')
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('target', 'text')
    .addColumn('details', 'text')
    .execute();
  await db.schema.createIndex('audit_log_time').on('audit_log').columns(['created_at', 'id']).execute();
}
