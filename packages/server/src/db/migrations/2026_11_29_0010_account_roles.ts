import type { Kysely } from 'kysely';

// Teams (issue #37): every account has a role on this server (the server is the organisation)
// and may be deactivated. Roles: member (default), content-moderator, admin (spec: admin roles
// "admin and content-moderator"). A deactivated account keeps its data; its tokens stop working at
// once (AU10). `display_name` is what an identity provider or an admin calls the person.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('role', 'text', (col) => col.notNull().defaultTo('member'))
    .execute();
  await db.schema.alterTable('users').addColumn('deactivated_at', 'bigint').execute();
  await db.schema.alterTable('users').addColumn('display_name', 'text').execute();
}
