import type { Kysely } from 'kysely';

// SCIM 2.0 provisioning (src/scim/SPEC.md, decision 0111). `scim_users`: what the identity
// provider keeps about an account it provisioned (its externalId, when it last changed it);
// `scim_groups` and `scim_group_members`: its groups, two of which may map to roles.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('scim_users')
    .addColumn('user_id', 'text', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('external_id', 'text')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('scim_groups')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('display_name', 'text', (col) => col.notNull().unique())
    .addColumn('external_id', 'text')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('scim_group_members')
    .addColumn('group_id', 'text', (col) => col.notNull().references('scim_groups.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('scim_group_members_pk', ['group_id', 'user_id'])
    .execute();
  await db.schema.createIndex('scim_group_members_user').on('scim_group_members').column('user_id').execute();
}
