import type { Kysely } from 'kysely';

// Single sign-on (src/sso/SPEC.md, decision 0110). `user_identities`: which account an identity
// provider's subject signs in to, keyed by issuer and subject (an email can change at the
// provider, the subject does not). `sso_login_states`: a sign-in under way, between the redirect
// to the provider and its callback; kept in the database (not in memory) so the callback may reach
// any server process; single use, short expiry. The state is stored hashed.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('user_identities')
    .addColumn('issuer', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('last_login_at', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('user_identities_pk', ['issuer', 'subject'])
    .execute();
  await db.schema.createIndex('user_identities_user').on('user_identities').column('user_id').execute();
  await db.schema
    .createTable('sso_login_states')
    .addColumn('state_hash', 'text', (col) => col.primaryKey())
    .addColumn('code_verifier', 'text', (col) => col.notNull())
    .addColumn('nonce', 'text', (col) => col.notNull())
    .addColumn('return_to', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .execute();
}
