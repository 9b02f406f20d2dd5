import type { Kysely } from 'kysely';

// Teams (issue #37, src/admin/SPEC.md): the organisation's shared agents and prompts (AD8-AD11)
// and invitations to sign up (AD6, AD7).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('org_shared_items')
    .addColumn('id', 'text', (col) => col.primaryKey())
    // `agent` (a core character entity) or `prompt` (a core prompt entity).
    .addColumn('kind', 'text', (col) => col.notNull())
    // JSON of the entity as every member receives it: parsed by the core schema, secrets emptied.
    .addColumn('data', 'text', (col) => col.notNull())
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('invites')
    .addColumn('id', 'text', (col) => col.primaryKey())
    // SHA-256 of the invite token; the token itself is shown once to the admin who made it.
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('role', 'text', (col) => col.notNull())
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .addColumn('used_at', 'bigint')
    .addColumn('revoked_at', 'bigint')
    .execute();
}
